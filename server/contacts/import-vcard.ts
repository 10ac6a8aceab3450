import ICAL from 'ical.js';
import { badRequest } from '../lib/errors';
import type { Cell, TableRow } from './import-file';

/**
 * vCard 3 and 4 (.vcf, as phones and Apple Contacts export them), read by ical.js into rows under
 * the example file's headers, so the rest of the import treats them like any table. A contact's
 * row number is its place in the file.
 */

export const looksLikeVcard = (text: string) => /^\s*BEGIN:VCARD/i.test(text.slice(0, 200));

/** jCard (RFC 7095): [name, parameters, type, ...values]. */
type Property = [string, Record<string, string | string[]>, string, ...unknown[]];

const HEADER = ['First name', 'Last name', 'Full name', 'Email', 'Phone number', 'Birth date', 'Gender', 'Tags'];

export function readVcards(text: string, unreadable: string): TableRow[] {
  let parsed: unknown[];
  try {
    parsed = ICAL.parse(/^VERSION:2\.1\s*$/im.test(text) ? fromVersion21(text) : text) as unknown[];
  } catch {
    throw badRequest(unreadable);
  }
  const cards = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  const rows: TableRow[] = [{ row: 0, cells: HEADER }];
  cards.forEach((card, index) => {
    if (!Array.isArray(card) || card[0] !== 'vcard' || !Array.isArray(card[1])) throw badRequest(unreadable);
    rows.push({ row: index + 1, cells: cardCells(card[1] as Property[]) });
  });
  return rows;
}

function cardCells(properties: Property[]): Cell[] {
  const all = (name: string) => properties.filter((property) => property[0] === name);
  const first = (name: string) => all(name)[0];
  const text = (property: Property | undefined) => (property && typeof property[3] === 'string' ? property[3] : '');
  const name = first('n')?.[3];
  const [family, given] = Array.isArray(name) ? name.map((part: unknown) => (Array.isArray(part) ? part.join(' ') : String(part ?? ''))) : [];
  const phones = all('tel');
  const phone = phones.find((tel) => types(tel).some((type) => type === 'cell' || type === 'mobile')) ?? phones.find((tel) => types(tel).includes('pref')) ?? phones[0];
  const emails = all('email');
  const email = emails.find((property) => types(property).includes('pref')) ?? emails[0];
  const categories = first('categories')?.slice(3).map(String).join(',') ?? '';
  return [given ?? '', family ?? '', text(first('fn')), text(email), text(phone), birthday(first('bday')), gender(first('gender')), categories];
}

/**
 * vCard 2.1 (what many Android phones still export) in the 3.0 form ical.js reads: bare parameters
 * (`TEL;CELL:`) become `TYPE=CELL`, and quoted-printable values (`N;ENCODING=QUOTED-PRINTABLE:=C4=8D`,
 * lines ending in `=` continued on the next) are decoded as UTF-8.
 */
function fromVersion21(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const previous = lines.at(-1);
    const softBreak = previous?.endsWith('=') && /QUOTED-PRINTABLE/i.test(previous.slice(0, previous.indexOf(':')));
    if (softBreak) lines[lines.length - 1] = previous!.slice(0, -1) + line;
    else lines.push(line);
  }
  return lines.map(version30Line).join('\r\n');
}

const decodeQuotedPrintable = (value: string) =>
  Buffer.from(value.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

function version30Line(line: string): string {
  const colon = line.indexOf(':');
  if (colon < 0 || line.startsWith(' ') || line.startsWith('\t')) return line;
  const [name, ...params] = line.slice(0, colon).split(';');
  const quotedPrintable = params.some((param) => /^encoding=quoted-printable$/i.test(param));
  const kept = params.filter((param) => !/^(encoding|charset)=/i.test(param)).map((param) => (param.includes('=') ? param : `TYPE=${param}`));
  const value = line.slice(colon + 1);
  return `${[name, ...kept].join(';')}:${quotedPrintable ? decodeQuotedPrintable(value) : value}`;
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

/** vCard 4's GENDER: M, F, O (other), N (none), U (unknown); O, N and U read as Not specified. */
function gender(property: Property | undefined): string {
  const sex = (Array.isArray(property?.[3]) ? property[3][0] : property?.[3]) ?? '';
  const code = String(sex).toUpperCase();
  return code === 'M' ? 'Male' : code === 'F' ? 'Female' : '';
}
