import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { HoldGate } from './hold-gate';

export type ReceivedEmail = {
  from: string;
  to: string[];
  /** Header names in lower case, folded lines joined, as sent (encoded words not decoded). */
  headers: Record<string, string>;
  /** The text part (or the whole text of a single-part message), decoded. */
  text: string;
  /** The HTML part, decoded; null when the message has none. */
  html: string | null;
  /** The message as it arrived (for signature checks). */
  raw: Buffer;
  receivedAt: number;
};

type Answer = { code: number; message: string };

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A received message's headers and its text and HTML parts (MIME read by mailparser). */
export async function parseEmail(raw: Buffer): Promise<Pick<ReceivedEmail, 'headers' | 'text' | 'html'>> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true });
  return { headers: parseHeaders(raw.toString('latin1')), text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : null };
}

/**
 * An SMTP server on loopback that keeps what it receives. It can answer a recipient with an error
 * (4xx temporary, 5xx permanent) a number of times, or always, and hold messages unanswered
 * until the test releases them (`gate`).
 */
export class SmtpSink {
  readonly emails: ReceivedEmail[] = [];
  /** How many messages arrived per recipient (duplicates show as counts above 1). */
  readonly countByRecipient = new Map<string, number>();
  /** How many messages arrived per envelope sender (tests give each worker its own). */
  readonly countBySender = new Map<string, number>();
  /** Time the server takes to accept each message (slows a campaign down for tests that interrupt it). */
  delayMs = 0;
  /** Holds messages (their DATA unanswered, so the sender's claim stays open) until released. */
  readonly gate = new HoldGate();
  /** Each scripted refusal, when it was given (Date.now()). */
  readonly refusals: Array<{ address: string; code: number; at: number }> = [];
  /** When the last message was accepted (Date.now()), 0 before any. */
  lastReceivedAt = 0;
  private readonly answers = new Map<string, { answer: Answer; times: number }>();
  private server!: SMTPServer;
  private port = 0;
  /** Keep parsed emails (off for benchmarks: only counts). */
  keepEmails = true;

  static async start() {
    const sink = new SmtpSink();
    sink.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      maxClients: 200,
      onRcptTo: (address, _session, callback) => {
        const scripted = sink.answers.get(address.address.toLowerCase());
        if (scripted && scripted.times > 0) {
          scripted.times -= 1;
          sink.refusals.push({ address: address.address.toLowerCase(), code: scripted.answer.code, at: Date.now() });
          const error = Object.assign(new Error(scripted.answer.message), { responseCode: scripted.answer.code });
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          // Parsed before it is counted, so a test that sees the count finds the email too.
          const accept = async () => {
            const raw = sink.keepEmails ? Buffer.concat(chunks) : null;
            const email = raw ? { from, to, ...(await parseEmail(raw)), raw, receivedAt: Date.now() } : null;
            sink.lastReceivedAt = Date.now();
            for (const address of to) sink.countByRecipient.set(address, (sink.countByRecipient.get(address) ?? 0) + 1);
            sink.countBySender.set(from, (sink.countBySender.get(from) ?? 0) + 1);
            if (email) sink.emails.push(email);
            callback();
          };
          sink.gate.pass(() => (sink.delayMs > 0 ? setTimeout(() => void accept(), sink.delayMs) : void accept()));
        });
      },
    });
    // A client killed mid-message resets its connection; that is the client's problem, not the sink's.
    sink.server.on('error', () => {});
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    sink.port = (sink.server.server.address() as AddressInfo).port;
    return sink;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  get received() {
    let total = 0;
    for (const count of this.countByRecipient.values()) total += count;
    return total;
  }

  /** The next `times` messages to `address` are refused with `code` (Infinity: always). */
  refuse(address: string, code: number, message: string, times = Infinity) {
    this.answers.set(address.toLowerCase(), { answer: { code, message }, times });
  }

  emailsTo(address: string) {
    return this.emails.filter((email) => email.to.includes(address));
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
