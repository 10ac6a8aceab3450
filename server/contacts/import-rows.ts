import {
  CONTACT_IMPORT_COLUMNS,
  IMPORT_REJECTED_ROWS_LISTED,
  contactSchema,
  fieldErrors,
  importColumnForHeader,
  importGender,
  validationMessages,
  type ContactInput,
  type ImportColumnKey,
  type ImportContactsResult,
} from '#domain';
import { readPhoneNumber } from '#domain/phone-numbers';
import { badRequest } from '../lib/errors';
import { isBlank, type Cell, type ImportTable } from './import-file';

export const importRowMessages = {
  noKnownColumns: `None of the columns is known. The first row must name the columns: ${CONTACT_IMPORT_COLUMNS.map((c) => c.header).join(', ')}.`,
  missingColumns: (headers: string[]) =>
    `The file has no ${headers.join(', ')} column${headers.length > 1 ? 's' : ''}. The first row must name the columns: ${CONTACT_IMPORT_COLUMNS.map((c) => c.header).join(', ')}.`,
  repeatedColumn: (header: string, key: ImportColumnKey) =>
    `The column "${echo(header)}" is there twice (as "${headerOf(key)}"); keep only one.`,
  repeatedEmail: (firstRow: number) => `Email appears more than once in this file (first in row ${firstRow})`,
  invalidDate: (text: string) => `Birth date "${echo(text)}" is not a date; write it as YYYY-MM-DD or DD.MM.YYYY.`,
} as const;

const headerOf = (key: ImportColumnKey) => CONTACT_IMPORT_COLUMNS.find((column) => column.key === key)!.header;

/** The most characters of a cell a message repeats: a 1 MB cell must not make a 1 MB answer. */
export const ECHO_MAX = 100;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A cell's text as a message quotes it: control characters shown as �, cut after ECHO_MAX characters. */
function echo(text: string): string {
  const shown = text.length > ECHO_MAX ? `${text.slice(0, ECHO_MAX)}…` : text;
  return shown.replace(CONTROL_CHARACTERS, '\uFFFD');
}

export type ImportedContacts = {
  /** The contact fields the file has columns for: an update leaves the others as stored. */
  columns: ImportColumnKey[];
  /**
   * The valid contacts, `size` at a time, validated as they are taken: the database can write one
   * batch while the next is checked. `rejected` is complete once every batch has been taken.
   */
  batches(size: number): Generator<ContactInput[]>;
  /** The first IMPORT_REJECTED_ROWS_LISTED rejected rows; `rejectedCount` counts them all. */
  rejected: ImportContactsResult['rejected'];
  readonly rejectedCount: number;
};

/**
 * Maps the header (refusing the file when it names no usable columns), then converts and validates
 * every row with the contact form's rules; of repeated emails the first row wins.
 */
export function contactsFromTable(table: ImportTable, region: string | null): ImportedContacts {
  const columns = mapHeader(table.header.cells);
  const rejected: ImportContactsResult['rejected'] = [];
  let rejectedCount = 0;

  function* batches(size: number): Generator<ContactInput[]> {
    const firstRowOfEmail = new Map<string, number>();
    let batch: ContactInput[] = [];
    for (const { row, cells } of table.rows) {
      const input: Record<string, string> = { gender: '', tags: '' };
      for (const [index, key] of columns) input[key] = cellText(key, cells[index]);
      input.gender = importGender(input.gender);

      const reasons: string[] = [];
      const parsed = contactSchema.safeParse(input);
      if (!parsed.success) {
        for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
          const rawDate = input.birthDate?.trim();
          reasons.push(
            field === 'birthDate' && message === validationMessages.birthDateRequired && rawDate
              ? importRowMessages.invalidDate(rawDate)
              : message,
          );
        }
      }
      let contact = parsed.success ? parsed.data : undefined;
      if (contact) {
        const reading = readPhoneNumber(contact.phoneNumber, region);
        if ('problem' in reading) reasons.push(reading.problem);
        else contact = { ...contact, phoneNumber: reading.digits };
      }
      const emailKey = input.email?.trim().toLowerCase();
      if (emailKey) {
        const firstRow = firstRowOfEmail.get(emailKey);
        if (firstRow === undefined) firstRowOfEmail.set(emailKey, row);
        else reasons.push(importRowMessages.repeatedEmail(firstRow));
      }
      if (reasons.length || !contact) {
        rejectedCount += 1;
        if (rejected.length < IMPORT_REJECTED_ROWS_LISTED) rejected.push({ row, reasons });
        continue;
      }
      batch.push(contact);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  return {
    columns: [...new Set(columns.values())],
    batches,
    rejected,
    get rejectedCount() {
      return rejectedCount;
    },
  };
}

/** Column index -> contact field, from the header row's names. */
function mapHeader(headerCells: Cell[]): Map<number, ImportColumnKey> {
  const columns = new Map<number, ImportColumnKey>();
  const seen = new Set<ImportColumnKey>();
  headerCells.forEach((cell, index) => {
    if (isBlank(cell)) return;
    const header = String(cell).trim();
    const key = importColumnForHeader(header);
    if (!key) return;
    if (seen.has(key)) throw badRequest(importRowMessages.repeatedColumn(header, key));
    seen.add(key);
    columns.set(index, key);
  });
  if (columns.size === 0) throw badRequest(importRowMessages.noKnownColumns);
  const missing = CONTACT_IMPORT_COLUMNS.filter((column) => column.required && !seen.has(column.key));
  if (missing.length) throw badRequest(importRowMessages.missingColumns(missing.map((column) => column.header)));
  return columns;
}

/** A cell as the text the contact form would have received. */
function cellText(key: ImportColumnKey, cell: Cell): string {
  if (key === 'birthDate') return dateText(cell);
  if (key === 'phoneNumber') return phoneText(cell);
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return isoDay(cell);
  return String(cell);
}

/** Spreadsheets hold long numbers as numbers; people write "+49 151 1234-5678". Both become digits. */
function phoneText(cell: Cell): string {
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 0 ? cell.toFixed(0) : String(cell);
  if (typeof cell !== 'string') return cell === null || cell === undefined ? '' : String(cell);
  return cell.trim().replace(/^\+/, '').replace(/[\s\-()./]/g, '');
}

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, counting its phantom 29 February 1900) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25_569;

/** Rounded to the nearest UTC day, so a reader's local-midnight dates give the same day in every time zone. */
const isoDay = (date: Date) => new Date(Math.round(date.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
const pad = (part: string) => part.padStart(2, '0');

/** A date cell, an Excel serial number, YYYY-MM-DD (a time after it is ignored) or DD.MM.YYYY; else the text as it is. */
function dateText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : isoDay(cell);
  if (typeof cell === 'number') return excelSerialDay(cell) ?? String(cell);
  const text = String(cell).trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) return `${match[1]}-${pad(match[2]!)}-${pad(match[3]!)}`;
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (match) return `${match[3]}-${pad(match[2]!)}-${pad(match[1]!)}`;
  if (/^\d{5}(\.\d+)?$/.test(text)) return excelSerialDay(Number(text)) ?? text;
  return text;
}

function excelSerialDay(serial: number): string | undefined {
  // Below 61 the serials count the phantom 29 February 1900; no birth date lies there.
  if (!Number.isFinite(serial) || serial < 61 || serial > 2_958_465) return undefined;
  return new Date((Math.floor(serial) - EXCEL_EPOCH_OFFSET) * DAY_MS).toISOString().slice(0, 10);
}
