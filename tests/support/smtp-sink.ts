import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { HoldGate } from './hold-gate';

export type ReceivedEmail = {
  from: string;
  to: string[];
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The text body, quoted-printable decoded. */
  text: string;
  /** The message as it arrived (for signature checks). */
  raw: Buffer;
  receivedAt: number;
};

type Answer = { code: number; message: string };

/** Quoted-printable (what nodemailer uses for long lines) back to text. */
function decodeQuotedPrintable(body: string) {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseEmail(raw: string): Pick<ReceivedEmail, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const quotedPrintable = /quoted-printable/i.test(headers['content-transfer-encoding'] ?? '');
  return { headers, text: quotedPrintable ? decodeQuotedPrintable(body) : body };
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
          const accept = () => {
            sink.lastReceivedAt = Date.now();
            for (const address of to) sink.countByRecipient.set(address, (sink.countByRecipient.get(address) ?? 0) + 1);
            sink.countBySender.set(from, (sink.countBySender.get(from) ?? 0) + 1);
            if (sink.keepEmails) {
              const raw = Buffer.concat(chunks);
              sink.emails.push({ from, to, ...parseEmail(raw.toString('latin1')), raw, receivedAt: Date.now() });
            }
            callback();
          };
          sink.gate.pass(() => (sink.delayMs > 0 ? setTimeout(accept, sink.delayMs) : accept()));
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
