import { regionDateOrder, type DateOrder, type TwoDigitYears } from '#domain';
import type { Cell } from './import-table';

/** Cells as people and their tools write them, turned into what the contact form takes. */

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, counting its phantom 29 February 1900) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25_569;

/** Rounded to the nearest UTC day, so a reader's local-midnight dates give the same day in every time zone. */
export const isoDay = (date: Date) => new Date(Math.round(date.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
const pad = (part: string) => (part.length === 1 ? `0${part}` : part);
const iso = (year: string, month: string, day: string) => `${year}-${pad(month)}-${pad(day)}`;

/**
 * A birth date as YYYY-MM-DD (possibly not a real day: the form's rule says so), or why it is
 * none: no year, or a two-digit year the owner has not said how to read.
 */
export type DateReading = string | { missingYear: true } | { twoDigitYear: true } | null;

const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const DOTTED = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\.?$/;
/** D/M/YYYY or M/D/YYYY (also with dashes): which one is decided per file. */
const NUMERIC = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;
/** The same with a two-digit year (12.04.85, 4/12/85): the century is the owner's choice. */
const DOTTED_SHORT = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{2})$/;
const NUMERIC_SHORT = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2})$/;
/** No date at all: Outlook's 0/0/00 (0.0.00 in German), and the "—" an export writes for none. */
const EMPTY_DATE = /^(?:0+([./-])0+\1?0*|—|-)$/;
const SERIAL = /^\d{5}(\.\d+)?$/;
/** Without a year: --04-12 and --0412 (vCard, Google), 0000-04-12 (Square), 04/12 (Mailchimp), 12.04. */
const NO_YEAR = /^(?:--\d{2}-?\d{2}|0000-\d{1,2}-\d{1,2}|\d{1,2}[/-]\d{1,2}|\d{1,2}\.\s?\d{1,2}\.?)$/;

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** "jan", "January", "sept" -> "1", "1", "9". */
const monthByName = new Map<string, string>(
  MONTH_NAMES.flatMap((name, index) => [[name, String(index + 1)], [name.slice(0, 3), String(index + 1)]] as const).concat([['sept', '9']]),
);
const monthNumber = (name: string) => monthByName.get(name.toLowerCase());
/** "12 Apr 1985", "12-Apr-1985", "12. April 1985" */
const DAY_MONTH_NAME = /^(\d{1,2})\.?[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4})$/i;
/** "Apr 12, 1985", "April 12 1985" */
const MONTH_NAME_DAY = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const NAMED_NO_YEAR = /^(?:\d{1,2}\.?\s+([a-z]{3,9})\.?|([a-z]{3,9})\.?\s+\d{1,2})$/i;

/**
 * A date cell, an Excel serial number, YYYY-MM-DD (a time after it is ignored), YYYYMMDD,
 * DD.MM.YYYY, D/M/YYYY or M/D/YYYY (by `order`), or a month name ("12 Apr 1985"). Anything else
 * comes back as its text for the form's rule to refuse; a day and month without a year say so.
 * A two-digit year is read as `twoDigitYears` says (the latest such year not in the future, or
 * no date), else it says it is one.
 */
export function readDate(cell: Cell, order: DateOrder, twoDigitYears?: TwoDigitYears, today = new Date()): DateReading {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : isoDay(cell);
  if (typeof cell === 'number') return excelSerialDay(cell) ?? String(cell);
  const text = String(cell).trim();
  if (text === '' || EMPTY_DATE.test(text)) return null;
  let match = ISO.exec(text) ?? COMPACT.exec(text);
  if (match) return match[1] === '0000' ? { missingYear: true } : iso(match[1]!, match[2]!, match[3]!);
  match = DOTTED.exec(text);
  if (match) return iso(match[3]!, match[2]!, match[1]!);
  match = NUMERIC.exec(text);
  if (match) return order === 'DMY' ? iso(match[3]!, match[2]!, match[1]!) : iso(match[3]!, match[1]!, match[2]!);
  const dotted = DOTTED_SHORT.exec(text);
  const short = dotted ?? NUMERIC_SHORT.exec(text);
  if (short) {
    if (!twoDigitYears) return { twoDigitYear: true };
    if (twoDigitYears === 'SKIP') return null;
    const year = fullYear(short[3]!, today);
    return dotted || order === 'DMY' ? iso(year, short[2]!, short[1]!) : iso(year, short[1]!, short[2]!);
  }
  if (SERIAL.test(text)) return excelSerialDay(Number(text)) ?? text;
  if (NO_YEAR.test(text)) return { missingYear: true };
  match = DAY_MONTH_NAME.exec(text);
  let month = match && monthNumber(match[2]!);
  if (match && month) return iso(match[3]!, month, match[1]!);
  match = MONTH_NAME_DAY.exec(text);
  month = match && monthNumber(match[1]!);
  if (match && month) return iso(match[3]!, month, match[2]!);
  match = NAMED_NO_YEAR.exec(text);
  if (match && monthNumber(match[1] ?? match[2]!)) return { missingYear: true };
  return text;
}

/** 85 -> 1985 and 05 -> 2005 (in 2025): the latest year ending so that is not in the future. */
function fullYear(twoDigits: string, today: Date): string {
  const thisYear = today.getUTCFullYear();
  const year = Math.floor(thisYear / 100) * 100 + Number(twoDigits);
  return String(year > thisYear ? year - 100 : year);
}

/** Whether a cell holds a date with a two-digit year (12.04.85, 4/12/85). */
export function hasTwoDigitYear(cell: Cell): boolean {
  if (typeof cell !== 'string') return false;
  const text = cell.trim();
  return !EMPTY_DATE.test(text) && (DOTTED_SHORT.test(text) || NUMERIC_SHORT.test(text));
}

function excelSerialDay(serial: number): string | undefined {
  // Below 61 the serials count the phantom 29 February 1900; no birth date lies there.
  if (!Number.isFinite(serial) || serial < 61 || serial > 2_958_465) return undefined;
  return new Date((Math.floor(serial) - EXCEL_EPOCH_OFFSET) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How a file writes D/M/YYYY dates: a value that can only be read one way (13/04/1990, 04/13/1990)
 * decides it; a file with both kinds, or neither, is read the business's country's way.
 * `ambiguous`: some value reads as two different days (04/05/1990), so the order matters.
 */
export function fileDateOrder(cells: Iterable<Cell>, region: string | null): { order: DateOrder; decided: boolean; ambiguous: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  let ambiguous = false;
  for (const cell of cells) {
    if (typeof cell !== 'string') continue;
    const text = cell.trim();
    const match = NUMERIC.exec(text) ?? NUMERIC_SHORT.exec(text);
    if (!match) continue;
    const [first, second] = [Number(match[1]), Number(match[2])];
    if (first > 12) dayFirst = true;
    if (second > 12) monthFirst = true;
    if (first <= 12 && second <= 12 && first !== second) ambiguous = true;
    if (dayFirst && monthFirst) break;
  }
  if (dayFirst !== monthFirst) return { order: dayFirst ? 'DMY' : 'MDY', decided: true, ambiguous };
  return { order: regionDateOrder(region), decided: false, ambiguous };
}

/**
 * A cell's values: Google puts several in one cell ("+1 555 0100 ::: +1 555 0101"), each a
 * candidate, best first. Spreadsheets hold long numbers as numbers: their digits.
 */
export function cellValues(cell: Cell): string[] {
  if (typeof cell === 'number') return [Number.isInteger(cell) && cell >= 0 ? cell.toFixed(0) : String(cell)];
  if (cell === null || cell === undefined || cell instanceof Date) return [];
  const text = String(cell);
  // The "—" an export writes for a missing value is none.
  return (text.includes(':::') ? text.split(':::') : [text]).map((value) => value.trim()).filter((value) => value && value !== '—');
}

/** Phone numbers as people typed them ("+49 (151) 1234-5678"), read later; vCard 4 writes "tel:+44-7911-123456". */
export const phoneCandidates = (cell: Cell) => cellValues(cell).map((value) => value.replace(/^tel:/i, ''));

/** Mailchimp's TAGS: every tag in double quotes ("VIP","Regular"). */
const ALL_QUOTED = /^\s*"[^"]*"(?:\s*,\s*"[^"]*")*\s*$/;

/**
 * Tags as the form takes them (comma-joined). Google writes labels as "* myContacts ::: Friends"
 * (starred ones, "* myContacts" and "* starred", are its own groups, not the owner's); Mailchimp
 * quotes each tag. Other quotes are the owner's and stay (an export imports back unchanged).
 */
export function tagsText(text: string): string {
  if (ALL_QUOTED.test(text)) return text.split(',').map((tag) => tag.trim().slice(1, -1)).join(',');
  if (!text.includes(':::') && !text.trim().startsWith('* ')) return text;
  return text
    .split(':::')
    .map((tag) => tag.trim())
    .filter((tag) => tag && !tag.startsWith('* '))
    .join(',');
}

/** One name column: the last word is the last name, the rest the first name. */
export function splitFullName(text: string): { firstName: string; lastName: string } {
  const name = text.trim().replace(/\s+/g, ' ');
  const space = name.lastIndexOf(' ');
  return space < 0 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}
