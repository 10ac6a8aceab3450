import ICAL from 'ical.js';
import type { Cell, TableRow } from './import-table';

/**
 * vCard 2.1, 3 and 4 (.vcf, as phones, mail programs and Apple Contacts export them) read into
 * rows under the example file's headers, so the rest of the import treats them like any table.
 * A contact's row number is its place in the file. Each card is read on its own: a broken card
 * (never ended, or a line that is no property) is reported by its place and the others import.
 *
 * Before ical.js reads a card (as vCard 3), what the exporters write beyond its grammar is
 * undone here, line by line on the file's bytes: CR CR LF and bare CR line ends; vCard 2.1's
 * bare parameters (`TEL;CELL:`) and quoted-printable values, with `=` soft line breaks; values
 * in the CHARSET they name, or else UTF-8 where the bytes are UTF-8 and Windows-1252 where not
 * (2.1 exporters write the system's code page without saying so). Only the properties the import
 * reads are kept, so photos (Apple's folded `PHOTO;ENCODING=b`) and any other property, binary
 * or unknown, never reach the parser.
 */

export const vcardMessages = {
  brokenCard: 'This contact card could not be read (it is damaged or not finished); the other cards were imported.',
} as const;

/** jCard (RFC 7095): [name, parameters, type, ...values]. */
type Property = [string, Record<string, string | string[]>, string, ...unknown[]];

const HEADER = ['First name', 'Last name', 'Full name', 'Email', 'Phone number', 'Birth date', 'Gender', 'Tags'];
/** The properties read; the rest of a card is skipped. */
const READ = new Set(['VERSION', 'N', 'FN', 'EMAIL', 'TEL', 'BDAY', 'GENDER', 'X-GENDER', 'CATEGORIES']);
/** The parameters kept for ical.js: what the cells need. */
const KEPT_PARAMETERS = new Set(['TYPE', 'VALUE', 'PREF', 'X-APPLE-OMIT-YEAR']);

export type VcardFile = { rows: TableRow[]; broken: Array<{ row: number; reasons: string[] }> };

/** The file's bytes as one byte a character (latin1): lines are split and decoded per property, by its charset. */
function byteText(buffer: Buffer): string {
  const utf16 = utf16Encoding(buffer);
  if (utf16) return Buffer.from(new TextDecoder(utf16).decode(buffer).replace(/^\uFEFF/, ''), 'utf8').toString('latin1');
  const start = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.subarray(start).toString('latin1');
}

/**
 * UTF-16 by its byte-order mark, or without one by its zero bytes: text of ASCII letters in
 * UTF-16 has a zero in every other byte (after them in little-endian, before in big-endian).
 */
export function utf16Encoding(buffer: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return 'utf-16le';
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return 'utf-16be';
  const sample = buffer.subarray(0, Math.min(buffer.length, 200) & ~1);
  if (sample.length < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros += 1;
    if (sample[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.7 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > pairs * 0.7 && oddZeros === 0) return 'utf-16be';
  return null;
}

/** Whether the file is vCards: it starts with BEGIN:VCARD, in whatever encoding. */
export const looksLikeVcard = (buffer: Buffer) => /^\s*BEGIN:VCARD/i.test(byteText(buffer.subarray(0, 400)));

type Line = { name: string; params: string[]; value: string };

const QUOTED_PRINTABLE = /^(encoding=)?quoted-printable$/i;
const BASE64_LINE = /^\s*[A-Za-z0-9+/]+=*\s*$/;

/** Physical lines, any line end (CR LF, CR CR LF, LF, CR), joined into logical ones: folded lines and quoted-printable soft breaks. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let softBreak = false;
  for (const physical of text.split(/\r*\n|\r/)) {
    const last = lines.length - 1;
    if (softBreak) lines[last] = lines[last]!.slice(0, -1) + physical;
    else if ((physical.startsWith(' ') || physical.startsWith('\t')) && last >= 0) lines[last] += physical.slice(1);
    else if (physical.trim()) lines.push(physical);
    else continue;
    const line = lines.at(-1)!;
    softBreak = line.endsWith('=') && isQuotedPrintable(line);
  }
  return lines;
}

function isQuotedPrintable(line: string): boolean {
  const colon = line.indexOf(':');
  return colon > 0 && line.slice(0, colon).split(';').some((param) => QUOTED_PRINTABLE.test(param.trim()));
}

/** `group.NAME;PARAM;TYPE=x:value` (the value still as bytes). */
function splitLine(line: string): Line | null {
  const colon = line.indexOf(':');
  if (colon <= 0) return null;
  const [rawName, ...params] = line.slice(0, colon).split(';');
  const name = rawName!.replace(/^[^.]*\./, '').trim().toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) return null;
  return { name, params: params.map((param) => param.trim()), value: line.slice(colon + 1) };
}

const decoders = new Map<string, TextDecoder | null>();
function decoderFor(charset: string): TextDecoder | null {
  const label = charset.toLowerCase();
  if (!decoders.has(label)) {
    try {
      decoders.set(label, new TextDecoder(label));
    } catch {
      decoders.set(label, null);
    }
  }
  return decoders.get(label)!;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** A value's bytes as text: in its CHARSET, else UTF-8 when they are UTF-8, else Windows-1252. */
function decodeValue(bytes: Buffer, charset: string | undefined): string {
  const named = charset && decoderFor(charset);
  if (named) return named.decode(bytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

const quotedPrintableBytes = (value: string) =>
  Buffer.from(value.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');

/** One property as a vCard 3 line: kept parameters as TYPE lists, the value decoded (line breaks escaped). */
function version30Line({ name, params, value }: Line): string {
  const quotedPrintable = params.some((param) => QUOTED_PRINTABLE.test(param));
  const charset = params.find((param) => /^charset=/i.test(param))?.slice('charset='.length);
  const kept = params
    .map((param) => (param.includes('=') ? param : `TYPE=${param}`))
    .filter((param) => KEPT_PARAMETERS.has(param.slice(0, param.indexOf('=')).toUpperCase()));
  const bytes = quotedPrintable ? quotedPrintableBytes(value) : Buffer.from(value, 'latin1');
  const text = decodeValue(bytes, charset).replace(/\r\n|\r|\n/g, '\\n');
  return `${[name, ...kept].join(';')}:${text}`;
}

/** Every card's properties the import reads, as vCard 3 text; null for a card that is broken. */
function cardTexts(text: string): Array<string | null> {
  const cards: Array<string | null> = [];
  let card: string[] | null = null;
  let broken = false;
  for (const line of logicalLines(text)) {
    const property = splitLine(line);
    const name = property?.name;
    if (name === 'BEGIN' && property!.value.trim().toUpperCase() === 'VCARD') {
      // A card begun before the last one ended: the last one is broken.
      if (card) cards.push(null);
      card = [];
      broken = false;
    } else if (name === 'END' && property!.value.trim().toUpperCase() === 'VCARD' && card) {
      cards.push(broken ? null : ['BEGIN:VCARD', ...card, 'END:VCARD'].join('\r\n'));
      card = null;
    } else if (card) {
      // Base64 lines of a 2.1 photo may come unfolded: they are skipped with it; any other stray line breaks the card.
      if (!property) broken ||= !BASE64_LINE.test(line);
      else if (READ.has(name!)) card.push(version30Line(property));
    }
  }
  if (card) cards.push(null);
  return cards;
}

/** The cards of a vCard file as rows, and the places of the broken ones. */
export function readVcards(buffer: Buffer): VcardFile {
  const rows: TableRow[] = [{ row: 0, cells: HEADER }];
  const broken: VcardFile['broken'] = [];
  cardTexts(byteText(buffer)).forEach((card, index) => {
    const cells = card === null ? null : cardCells(card);
    if (cells) rows.push({ row: index + 1, cells });
    else broken.push({ row: index + 1, reasons: [vcardMessages.brokenCard] });
  });
  return { rows, broken };
}

/** One card's cells, or null when ical.js cannot read it. */
function cardCells(card: string): Cell[] | null {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(card);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed[0] !== 'vcard' || !Array.isArray(parsed[1])) return null;
  const properties = parsed[1] as Property[];
  const all = (name: string) => properties.filter((property) => property[0] === name);
  const first = (name: string) => all(name)[0];
  const text = (property: Property | undefined) => (property && typeof property[3] === 'string' ? property[3] : '');
  const name = first('n')?.[3];
  const [family, given, ...otherParts] = Array.isArray(name) ? name.map((part: unknown) => (Array.isArray(part) ? part.join(' ') : String(part ?? '').trim())) : [];
  // Some phones write a name only in N's later parts (additional names, prefix, suffix): it is the name when FN is missing too.
  const fullName = text(first('fn')) || (!family && !given ? otherParts.filter(Boolean).join(' ') : '');
  const phones = byPreference(all('tel'), (types) => types.includes('cell') || types.includes('mobile'));
  const emails = byPreference(all('email'), () => false);
  const categories = first('categories')?.slice(3).map(String).join(',') ?? '';
  return [
    given ?? '',
    family ?? '',
    fullName,
    emails.map(text).filter(Boolean).join(' ::: '),
    phones.map(text).filter(Boolean).join(' ::: '),
    birthday(first('bday')),
    gender(first('gender') ?? first('x-gender')),
    categories,
  ];
}

/** The values best first, each a candidate: mobile ones (for numbers), then preferred ones, then the rest. */
function byPreference(properties: Property[], isMobile: (types: string[]) => boolean): Property[] {
  const rank = (property: Property) => {
    const kinds = types(property);
    return isMobile(kinds) ? 0 : kinds.includes('pref') || property[1].pref !== undefined ? 1 : 2;
  };
  return [...properties].sort((a, b) => rank(a) - rank(b));
}

/** TYPE=CELL, TYPE="voice,cell" and type=pref, in lower case. */
function types(property: Property): string[] {
  const type = property[1].type;
  return (Array.isArray(type) ? type : type ? [type] : []).flatMap((value) => String(value).toLowerCase().split(','));
}

/** Apple writes a birthday without a year as year 1604 with X-APPLE-OMIT-YEAR=1604. */
function birthday(property: Property | undefined): string {
  const value = typeof property?.[3] === 'string' ? property[3] : '';
  const omitted = property?.[1]['x-apple-omit-year'];
  if (omitted && value.startsWith(String(omitted))) return `--${value.slice(String(omitted).length + 1)}`;
  return value;
}

/** vCard 4's GENDER: M, F, O (other), N (none), U (unknown); O, N and U read as Not specified. X-GENDER: the word. */
function gender(property: Property | undefined): string {
  const sex = (Array.isArray(property?.[3]) ? property[3][0] : property?.[3]) ?? '';
  const code = String(sex).trim().toUpperCase();
  return code === 'M' || code === 'MALE' ? 'Male' : code === 'F' || code === 'FEMALE' ? 'Female' : '';
}
