import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** An Amazon SNS message as it is POSTed to an HTTPS subscriber. */
export type SnsMessage = {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
};

/** How the server reaches AWS (the signing certificates, subscription confirmations); tests answer instead. */
export type AwsFetch = (url: string) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** Why a message was refused; its text is the 401's message. */
export class SnsRefused extends Error {}

// The fields each type signs, in order (AWS: "Verifying the signatures of Amazon SNS messages").
const SIGNED_FIELDS: Record<string, readonly (keyof SnsMessage)[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};
const SIGNATURE_HASHES: Record<string, string> = { '1': 'sha1', '2': 'sha256' };

/** Only AWS's own SNS hosts, over HTTPS: a certificate (or a subscription) from anywhere else would be anyone's. */
export function isSnsUrl(value: string | undefined): boolean {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' && /^sns\.[a-z0-9-]+\.amazonaws\.com(?:\.cn)?$/.test(url.hostname) && !url.port && !url.username;
  } catch {
    return false;
  }
}

/**
 * Verifies SNS messages (SignatureVersion 1, SHA1, and 2, SHA256) against the certificate their
 * SigningCertURL names, fetched once per URL and kept. The SNS validators on npm fetch with an
 * HTTP client of their own; this one fetches through `fetch`, so tests answer with a key of theirs.
 */
export class SnsVerifier {
  private readonly keys = new Map<string, Promise<KeyObject>>();

  constructor(private readonly fetch: AwsFetch) {}

  private certificateKey(url: string): Promise<KeyObject> {
    let key = this.keys.get(url);
    if (!key) {
      key = this.fetch(url).then(async (response) => {
        if (!response.ok) throw new SnsRefused(`The SNS signing certificate could not be fetched (HTTP ${response.status}).`);
        return createPublicKey(await response.text());
      });
      // A failed fetch is tried again by the next message.
      key.catch(() => this.keys.delete(url));
      this.keys.set(url, key);
    }
    return key;
  }

  /** The message, once its signature is proven; throws SnsRefused otherwise. */
  async verified(body: unknown): Promise<SnsMessage> {
    const message = body as Partial<SnsMessage> | null;
    const fields = message && typeof message === 'object' ? SIGNED_FIELDS[String(message.Type)] : undefined;
    const hash = SIGNATURE_HASHES[String(message?.SignatureVersion)];
    if (!message || !fields || !hash || typeof message.Signature !== 'string') throw new SnsRefused('This is no signed Amazon SNS message.');
    if (!isSnsUrl(message.SigningCertURL)) throw new SnsRefused('The SNS signing certificate must come from https://sns.<region>.amazonaws.com.');
    const signed = fields
      .filter((name) => message[name] !== undefined)
      .map((name) => `${name}\n${message[name]}\n`)
      .join('');
    let key: KeyObject;
    try {
      key = await this.certificateKey(message.SigningCertURL!);
    } catch (error) {
      throw error instanceof SnsRefused ? error : new SnsRefused('The SNS signing certificate could not be read.');
    }
    if (!verify(hash, Buffer.from(signed, 'utf8'), key, Buffer.from(message.Signature, 'base64'))) {
      throw new SnsRefused('The SNS signature is wrong.');
    }
    return message as SnsMessage;
  }
}
