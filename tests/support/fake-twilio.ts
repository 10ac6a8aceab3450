import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HoldGate } from './hold-gate';

export type TwilioRequest = { accountSid: string; authorization: string; params: Record<string, string>; sid: string | null; at: number };
type Failure = { status: number; code: number; message: string } | 'no answer';

/**
 * A loopback HTTP server speaking the part of Twilio's Messages API the app uses:
 * POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth. It answers 201 with a
 * message SID, or the errors it is told to (per destination number, a number of times), and can
 * hold its answers until the test releases them (`gate`).
 */
export class FakeTwilio {
  readonly requests: TwilioRequest[] = [];
  readonly countByRecipient = new Map<string, number>();
  private readonly failures = new Map<string, { failure: Failure; times: number }>();
  private server!: Server;
  /** Keep every request (off for benchmarks: only counts). */
  keepRequests = true;
  /** Holds accepted messages (the request unanswered, so the sender's claim stays open) until released. */
  readonly gate = new HoldGate();

  constructor(private readonly credentials: { accountSid: string; authToken: string }) {}

  static async start(credentials: { accountSid: string; authToken: string }) {
    const fake = new FakeTwilio(credentials);
    fake.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => fake.answer(request.url ?? '', request.headers.authorization ?? '', Buffer.concat(chunks).toString(), response));
    });
    fake.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  private answer(url: string, authorization: string, body: string, response: import('node:http').ServerResponse) {
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const match = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(url);
    if (!match) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const params = Object.fromEntries(new URLSearchParams(body));
    const { accountSid, authToken } = this.credentials;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (match[1] !== accountSid || authorization !== expected) return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    const scripted = this.failures.get(params.To ?? '');
    if (scripted && scripted.times > 0) {
      scripted.times -= 1;
      if (this.keepRequests) this.requests.push({ accountSid: match[1]!, authorization, params, sid: null, at: Date.now() });
      const { failure } = scripted;
      // 'no answer' keeps the request open until the client gives up.
      if (failure === 'no answer') return;
      return json(failure.status, { code: failure.code, message: failure.message, status: failure.status });
    }
    this.gate.pass(() => {
      const sid = `SM${randomBytes(16).toString('hex')}`;
      this.countByRecipient.set(params.To ?? '', (this.countByRecipient.get(params.To ?? '') ?? 0) + 1);
      if (this.keepRequests) this.requests.push({ accountSid: match[1]!, authorization, params, sid, at: Date.now() });
      json(201, { sid, status: 'queued', to: params.To, from: params.From, body: params.Body, account_sid: match[1] });
    });
  }

  get baseUrl() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get received() {
    let total = 0;
    for (const count of this.countByRecipient.values()) total += count;
    return total;
  }

  /** The next `times` messages to `to` are answered with this error, or not at all (Infinity: always). */
  fail(to: string, failure: Failure, times = Infinity) {
    this.failures.set(to, { failure, times });
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
