import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { forgetOldIdempotencyKeys } from '../api-keys/queries';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { nextWindowOpening } from '#domain';
import { systemClock, type Clock } from '../lib/clock';
import { sqlState } from '../lib/pg-errors';
import type { OutgoingMessage } from './channel-types';
import { Channels } from './channels';
import {
  campaignsToSweep,
  claimDeliveries,
  clearLaneFailures,
  countLaneFailure,
  failCampaign,
  failQueued,
  finishCampaign,
  pendingDeliveries,
  recordOutcomes,
  releaseStaleClaims,
  renewClaims,
  startDueCampaign,
  waitingForWindow,
  windowOpened,
  type Pending,
} from './claims';
import { retryDelayMs, type PacingWindow } from './pacing';
import { LANE_SLICE_MS, QUEUES, type DeliveryQueue, type LaneJob, type StartJob } from './queue';
import { queueDueFollowUps, queueDueVisitReminders } from './follow-ups';
import { forgetOldMessageTexts } from './retention';
import { fixRecipients } from './recipients';
import { WebhookSender } from '../webhooks/sender';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A lane waits in place for a batch or a retry due this soon, instead of queueing a successor. */
const WAIT_IN_PLACE_MS = 2000;
/** Rows other claimers hold for a moment are looked at again after this. */
const MIN_WAKE_MS = 50;
/** Old message texts are forgotten by the sweep at most this often. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/**
 * Sends campaigns: runs lane jobs (claim a batch, send it, record the outcomes, until nothing is
 * due, then queue the lane again for when something will be), starts scheduled campaigns, and
 * sweeps now and then for running campaigns without a lane, scheduled ones that are due and
 * reminders that are due, which also covers restarts and lost jobs.
 */
export class DeliveryWorker {
  private stopping = false;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly channels: Channels;
  /** Outbound webhooks go out from every delivery worker too. */
  private readonly webhooks: WebhookSender;
  private readonly active = new Set<Promise<unknown>>();
  private retentionRanAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly queue: DeliveryQueue,
    private readonly config: AppConfig,
    private readonly log: Log,
    /** Decides the SMS window (tests move it by hand); pacing and retries keep the database's time. */
    private readonly clock: Clock = systemClock,
  ) {
    this.channels = new Channels(config);
    this.webhooks = new WebhookSender(db, config, log);
  }

  async start() {
    const { concurrency, sweepMs } = this.config.delivery;
    await this.queue.work<LaneJob>(QUEUES.lane, concurrency, (job) => this.track(this.runLane(job)));
    await this.queue.work<StartJob>(QUEUES.start, 1, (job) => this.track(this.startScheduled(job.campaignId)));
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), sweepMs);
    this.sweepTimer.unref();
    this.webhooks.start();
  }

  /** Stops taking jobs; lanes hand over after their current batch; then the channels close. */
  async stop() {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    await this.queue.stopWorking();
    await Promise.allSettled([...this.active, this.webhooks.stop()]);
    await this.channels.close();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.active.add(work);
    return work.finally(() => this.active.delete(work));
  }

  async sweep() {
    if (this.stopping) return;
    try {
      for (const campaign of await campaignsToSweep(this.db, this.config.delivery.leaseMs)) {
        if (campaign.status === 'CREATED') await this.startScheduled(campaign.id);
        else await this.queue.runCampaign(campaign.id, campaign.paced, campaign.automation);
      }
      for (const campaign of await queueDueFollowUps(this.db, this.config.delivery)) {
        await this.queue.runReminder(campaign.id, campaign.paced);
      }
      for (const campaignId of await queueDueVisitReminders(this.db, this.config.delivery)) {
        await this.queue.runAutomation(campaignId, new Date());
      }
      if (Date.now() - this.retentionRanAt >= RETENTION_EVERY_MS) {
        this.retentionRanAt = Date.now();
        const forgotten = await forgetOldMessageTexts(this.db, this.config.delivery);
        if (forgotten > 0) this.log.info({ forgotten }, 'forgot the texts of old messages');
        // A visits API retry is recognised for 7 days (server/api-keys).
        await forgetOldIdempotencyKeys(this.db);
      }
    } catch (error) {
      this.log.error({ err: error }, 'delivery sweep failed');
    }
  }

  private async startScheduled(campaignId: number) {
    const started = await startDueCampaign(this.db, campaignId);
    if (started) await this.queue.runCampaign(campaignId, started.paced);
  }

  /**
   * A lane that fails for a reason of its own (recipients that cannot be fixed, a bug, the database)
   * is tried again later, up to DELIVERY_MAX_ATTEMPTS runs in a row; then the campaign ends FAILED
   * with the reason on its card, is logged once, and no sweep picks it up again.
   */
  private async runLane(job: LaneJob) {
    try {
      await this.sendLane(job);
    } catch (error) {
      const { campaignId } = job;
      const failures = await countLaneFailure(this.db, campaignId);
      if (failures === null) return;
      const { maxAttempts, retryBaseMs } = this.config.delivery;
      if (failures < maxAttempts) {
        return this.queue.runLane(job, new Date(Date.now() + retryDelayMs(failures, retryBaseMs)));
      }
      const code = sqlState(error);
      const remedy = job.automation ? 'save the automation to try again' : 'duplicate the campaign to try again';
      const reason = `Sending stopped after ${failures} failed attempts because of an error on our side${code ? ` (error code ${code})` : ''}. Nothing more will be sent; ${remedy}.`;
      if (await failCampaign(this.db, campaignId, reason)) {
        this.log.error({ err: error, campaignId, failures }, 'campaign failed: its sending kept failing');
      }
    }
  }

  private async sendLane(job: LaneJob) {
    const { campaignId } = job;
    if (this.stopping) return this.queue.runLane(job);
    const campaign = await fixRecipients(this.db, campaignId, this.config.delivery);
    if (!campaign) return;
    const channel = this.channels.for(campaign.type);
    if ('unusable' in channel) {
      // An automation's requests fail as they fall due: later ones may find the channel set up.
      await failQueued(this.db, campaignId, channel.unusable, { dueOnly: campaign.automation });
      return this.finish(campaignId);
    }
    const { batchSize, leaseMs, maxAttempts, retryBaseMs } = this.config.delivery;
    // Claims a dead worker left behind go first, not after everything else.
    await releaseStaleClaims(this.db, campaignId, leaseMs, maxAttempts);
    const deadline = Date.now() + LANE_SLICE_MS;
    let sentInThisRun = false;
    let windowOpen = false;
    for (;;) {
      // Handing over at once lets another worker go on while this one shuts down.
      if (this.stopping) return this.queue.runLane(job);
      const opening = campaign.smsWindow && nextWindowOpening(this.clock.now(), campaign.smsWindow);
      if (opening) return this.waitForWindow(job, opening);
      if (!windowOpen) await windowOpened(this.db, campaignId);
      windowOpen = true;
      const claim = await claimDeliveries(this.db, campaign, batchSize, this.config.delivery);
      if (claim.status !== 'IN_PROGRESS') return;
      if (claim.messages.length > 0) {
        const outcomes = await this.whileRenewing(claim.messages, () => channel.send(claim.messages));
        await recordOutcomes(this.db, outcomes, { maxAttempts, retryBaseMs });
        if (!sentInThisRun) await clearLaneFailures(this.db, campaignId);
        sentInThisRun = true;
      }
      if (claim.messages.length > 0 || claim.skipped > 0) {
        if (Date.now() >= deadline) return this.queue.runLane(job);
        continue;
      }
      if (await releaseStaleClaims(this.db, campaignId, leaseMs, maxAttempts)) continue;
      const pending = await pendingDeliveries(this.db, campaignId);
      if (pending.queued === 0 && pending.sending === 0) return this.finish(campaignId);
      const wait = this.wakeAt(pending, claim.window) - pending.now.getTime();
      if (wait <= WAIT_IN_PLACE_MS && Date.now() + wait < deadline) {
        await sleep(wait);
        continue;
      }
      return this.queue.runLane(job, new Date(Date.now() + wait));
    }
  }

  /**
   * Outside the SMS window nothing is claimed (and nothing dropped): the card says when it opens and
   * the lane comes back then, or at the next multiple of DELIVERY_SWEEP_MS at the latest, so a
   * changed clock is seen (and an automation's lanes waiting at once meet in one job per lane).
   */
  private async waitForWindow(job: LaneJob, opening: Date) {
    await waitingForWindow(this.db, job.campaignId, opening);
    const { sweepMs } = this.config.delivery;
    const now = Date.now();
    const nextSweepTime = Math.ceil((now + MIN_WAKE_MS) / sweepMs) * sweepMs;
    const opensAt = now + Math.max(opening.getTime() - this.clock.now().getTime(), MIN_WAKE_MS);
    return this.queue.runLane(job, new Date(Math.min(opensAt, nextSweepTime)));
  }

  /** Runs `send`, renewing the batch's claims every third of the lease so a slow batch is not taken over. */
  private async whileRenewing<T>(messages: OutgoingMessage[], send: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => {
      renewClaims(this.db, messages).catch((error) => this.log.warn({ err: error }, 'could not renew claims'));
    }, this.config.delivery.leaseMs / 3);
    try {
      return await send();
    } finally {
      clearInterval(timer);
    }
  }

  /** When this lane may next find work: the next retry or batch, or when in-flight claims expire. */
  private wakeAt(pending: Pending, window: PacingWindow | null): number {
    const times: number[] = [];
    if (pending.queued > 0 && pending.nextAttemptAt) {
      const due = pending.nextAttemptAt.getTime();
      const batchFull = window && window.allowance <= 0 && window.endsAt;
      times.push(batchFull ? Math.max(due, window.endsAt!.getTime()) : due);
    }
    if (pending.sending > 0 && pending.oldestClaim) times.push(pending.oldestClaim.getTime() + this.config.delivery.leaseMs);
    return Math.max(Math.min(...times), pending.now.getTime() + MIN_WAKE_MS);
  }

  private async finish(campaignId: number) {
    const status = await finishCampaign(this.db, campaignId);
    if (status) this.log.info({ campaignId, status }, 'campaign finished');
  }
}
