import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_TEST_EVENT } from '#domain/webhooks';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { timerDelay } from '../lib/timers';
import { claimDueWebhooks, recordWebhookOutcome, type ClaimedWebhook, type WebhookOutcome } from './claims';
import { postWebhook, statusInWords } from './post';
import { webhookSignature } from './signing';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** Deliveries claimed at once; each is posted in parallel with the others of its batch. */
const BATCH_SIZE = 20;

/**
 * Posts the outbox's due deliveries (./outbox.ts), in every delivery worker (`npm start`, `npm run
 * worker`): every DELIVERY_POLL_MS, and when a retry it scheduled falls due. A 2xx answer within
 * WEBHOOK_TIMEOUT_MS is delivered; anything else is tried again after WEBHOOK_RETRY_DELAYS_MS' next
 * wait, and fails after the last one. A test event is tried once (its owner is watching). Nothing
 * logged carries the URL, the secret or the payload.
 */
export class WebhookSender {
  private pollTimer: NodeJS.Timeout | undefined;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private running: Promise<void> | undefined;
  private wakeAgain = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly log: Log,
  ) {}

  start() {
    this.pollTimer = setInterval(() => this.wake(), this.config.delivery.pollMs);
    this.pollTimer.unref();
    this.wake();
  }

  /** Takes no more deliveries; the posts under way finish (within the timeout). */
  async stop() {
    this.stopping = true;
    clearInterval(this.pollTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    await this.running;
  }

  private wake() {
    if (this.stopping) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'could not send webhooks'))
      .finally(() => {
        this.running = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async sendDue() {
    // A claim outlives the post's timeout, so only a sender that died leaves it to another.
    const leaseMs = this.config.webhooks.timeoutMs + 60_000;
    while (!this.stopping) {
      const due = await claimDueWebhooks(this.db, BATCH_SIZE, leaseMs);
      await Promise.all(due.map((webhook) => this.send(webhook)));
      if (due.length < BATCH_SIZE) return;
    }
  }

  private async send(webhook: ClaimedWebhook) {
    const outcome = await this.attempt(webhook);
    await recordWebhookOutcome(this.db, webhook, outcome);
    if (outcome.state === 'pending') this.wakeIn(outcome.retryInMs);
    if (outcome.state === 'failed') {
      this.log.warn({ webhookDeliveryId: webhook.id, endpointId: webhook.endpointId, eventType: webhook.eventType, attempts: webhook.attempts }, 'webhook delivery failed');
    }
  }

  private async attempt(webhook: ClaimedWebhook): Promise<WebhookOutcome> {
    const waits = this.config.webhooks.retryDelaysMs;
    const maxAttempts = webhook.eventType === WEBHOOK_TEST_EVENT ? 1 : waits.length + 1;
    // Claimed again after its lease ran out with the last attempt in flight: that was the last one.
    if (webhook.attempts > maxAttempts) return { state: 'failed', status: null, error: 'The sender stopped during the last attempt.' };
    const body = JSON.stringify(webhook.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const result = await postWebhook(
      webhook.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Starboost-Webhooks/1.0',
        'webhook-id': webhook.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(webhook.secret, webhook.messageId, timestamp, body),
      },
      body,
      this.config.webhooks,
    );
    if (result.status !== null && result.status >= 200 && result.status < 300) return { state: 'delivered', status: result.status };
    const error = result.status === null ? result.error : statusInWords(result.status);
    const refused = result.status === null && result.refused;
    if (refused || webhook.attempts >= maxAttempts) return { state: 'failed', status: result.status, error };
    return { state: 'pending', status: result.status, error, retryInMs: waits[webhook.attempts - 1]! };
  }

  /** Comes back when a retry falls due (polling would find it too, later). */
  private wakeIn(ms: number) {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake();
    }, timerDelay(ms + 15));
    timer.unref();
    this.retryTimers.add(timer);
  }
}
