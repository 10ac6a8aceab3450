import { finished } from 'node:stream/promises';
import { Splitter, type MimeNode, type SplitterChunk } from '@zone-eu/mailsplit';

/** One MIME part of an inbound message, as the report readers need it. */
export type MailPart = {
  /** Lower-case content type; text/plain when the part names none. */
  type: string;
  /** The part's own header fields (decoded), looked up by name in any case. */
  header: (name: string) => string;
  /** Every value of a header field (Received, To...). */
  headerAll: (name: string) => string[];
  /** The header block as written (for tokens in any field). */
  headerText: string;
  /** Decoded text of text, message and JSON parts (the first TEXT_LIMIT characters), the preamble of a multipart; '' for others. */
  text: string;
  /** The headers of a whole message: the inbound message itself, or an original it quotes (message/rfc822). */
  message: boolean;
  /** Inside a quoted original (message/rfc822), or its headers (text/rfc822-headers). */
  quoted: boolean;
};

/** A message no report reader can take (too many parts, nested too deep, a header too big): a 400. */
export class UnreadableMail extends Error {}

/** Parts one report may have: a bounce is about ten; 2,000 nested parts are an attack, refused as the 201st is met. */
export const MAX_PARTS = 200;
/** Characters of text kept per part: a report's readable part is a few KB; the rest is the quoted message. */
const TEXT_LIMIT = 128 * 1024;
/** Bytes of encoded body kept per part to decode that much text (base64 is 4/3 of it). */
const BODY_LIMIT = Math.ceil((TEXT_LIMIT * 4) / 3) + 4096;
const HEADER_LIMIT = 256 * 1024;

const KEPT_TYPE = /^(text\/|message\/|application\/json)/;

type Collected = { node: MimeNode; quoted: boolean; chunks: Buffer[]; size: number };

/** Whether the node sits inside an embedded message (its parent chain crosses a message/rfc822 container). */
function insideEmbedded(node: MimeNode): boolean {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    if (parent.contentType === 'message/rfc822') return true;
  }
  return false;
}

function decodeText(bytes: Buffer, charset: string | false): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    // An unknown charset: the ASCII of a report (codes, addresses, field names) still reads.
    return bytes.toString('latin1');
  }
}

async function transferDecoded(node: MimeNode, body: Buffer): Promise<Buffer> {
  const decoder = node.getDecoder();
  const out: Buffer[] = [];
  decoder.on('data', (chunk: Buffer) => out.push(chunk));
  await new Promise<void>((resolve, reject) => {
    decoder.once('end', resolve);
    decoder.once('error', reject);
    decoder.end(body);
  });
  return Buffer.concat(out);
}

/** Counted before any parsing: every multipart names a boundary, so more than `limit` of them cannot fit. */
function multipartsOver(raw: Buffer, limit: number): boolean {
  const boundary = /boundary[ \t]*=/gi;
  const text = raw.toString('latin1');
  for (let count = 0; boundary.exec(text); count += 1) if (count >= limit) return true;
  return false;
}

/**
 * Splits a raw message into its parts with mailsplit (the splitter under mailparser), embedded
 * messages included: depth-first, the message itself first. mailsplit yields to the event loop
 * every 16 KB, and refuses the part after MAX_PARTS before reading on, so a 10 MB message or
 * 2,000 nested parts never hold up other requests. Only the first TEXT_LIMIT characters of each
 * text part are kept: the report is at the start, the rest is the message it quotes.
 */
export async function readMailParts(raw: Buffer): Promise<MailPart[]> {
  if (multipartsOver(raw, MAX_PARTS)) throw new UnreadableMail('too many nested parts');
  // Old Mac mail ends lines with CR alone, which no splitter reads as lines.
  if (!raw.includes(0x0a) && raw.includes(0x0d)) raw = Buffer.from(raw.toString('latin1').replace(/\r/g, '\r\n'), 'latin1');
  const splitter = new Splitter({ maxChildNodes: MAX_PARTS, maxHeadSize: HEADER_LIMIT, defaultInlineEmbedded: true });
  const collected: Collected[] = [];
  splitter.on('data', (data: SplitterChunk) => {
    if (data.type === 'node') {
      collected.push({ node: data, quoted: insideEmbedded(data) || data.contentType === 'text/rfc822-headers', chunks: [], size: 0 });
      return;
    }
    const last = collected.at(-1);
    // A multipart's own text before its first part is kept too: a report whose parts were never delimited is all there.
    if (!last || last.node !== data.node || last.size >= BODY_LIMIT) return;
    const kept = data.value.subarray(0, BODY_LIMIT - last.size);
    last.chunks.push(kept);
    last.size += kept.length;
  });
  try {
    await finished(splitter.end(raw) as unknown as Splitter);
  } catch (error) {
    throw new UnreadableMail((error as Error).message);
  }
  return Promise.all(
    collected.map(async ({ node, quoted, chunks }): Promise<MailPart> => {
      const headers = node.headers as Exclude<MimeNode['headers'], false>;
      const type = node.contentType || 'text/plain';
      const keep = node.multipart ? chunks.length > 0 : !node.messageNode && KEPT_TYPE.test(type);
      const text = keep ? decodeText(await transferDecoded(node, Buffer.concat(chunks)), node.charset).slice(0, TEXT_LIMIT) : '';
      return {
        type,
        header: (name) => headers.getFirst(name),
        headerAll: (name) => headers.get(name).map((line) => line.replace(/^[^:]*:\s*/, '').trim()),
        headerText: node.getHeaders().toString('latin1'),
        text,
        message: node.root || (node.parentNode !== false && node.parentNode.contentType === 'message/rfc822'),
        quoted,
      };
    }),
  );
}
