import {
  IMPORT_REJECTED_ROWS_LISTED,
  contactSchema,
  fieldErrors,
  importGender,
  validationMessages,
  type ContactInput,
  type DateOrder,
  type ImportColumnKey,
  type ImportContactsResult,
} from '#domain';
import { readPhoneNumber } from '#domain/phone-numbers';
import { isBlank, type Cell, type ImportTable } from './import-file';
import { planColumns, type ColumnSource, type ImportChoice } from './import-columns';
import { echo } from './import-echo';
import { isoDay, phoneText, readDate, splitFullName, tagsText } from './import-values';

export const importRowMessages = {
  repeatedEmail: (firstRow: number) => `Email appears more than once in this file (first in row ${firstRow})`,
  invalidDate: (text: string) => `Birth date "${echo(text)}" is not a date; write it as YYYY-MM-DD or DD.MM.YYYY.`,
  missingYear: (text: string) =>
    `Birth date "${echo(text)}" has no year; the contact form needs the full date of birth (day, month and year).`,
} as const;

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
 * Finds the columns (refusing the file, with the mapping question, when a required field has
 * none), then converts and validates every row with the contact form's rules; of repeated emails
 * the first row wins.
 */
export function contactsFromTable(table: ImportTable, region: string | null, choice: ImportChoice = {}): ImportedContacts {
  const { sources, dateOrder, fields } = planColumns(table, region, choice);
  const rejected: ImportContactsResult['rejected'] = [];
  let rejectedCount = 0;
  const textFields = (['firstName', 'lastName', 'email', 'gender', 'tags'] as const).filter((field) => sources[field]);

  function* batches(size: number): Generator<ContactInput[]> {
    const firstRowOfEmail = new Map<string, number>();
    let batch: ContactInput[] = [];
    for (const { row, cells } of table.rows) {
      const input: Record<string, string> = { gender: '', tags: '' };
      for (const field of textFields) input[field] = cellText(pick(cells, sources[field]!));
      if (sources.fullName) {
        const name = cellText(pick(cells, sources.fullName));
        // Beside a Surname column, Name is the first name (Excel sheets); otherwise it is split, where
        // the file has no other name (Google and vCard fill it for contacts with only a display name).
        if (sources.lastName && !sources.firstName) input.firstName = name;
        else if (!sources.lastName || !(input.firstName?.trim() || input.lastName?.trim())) {
          const split = splitFullName(name);
          input.lastName = split.lastName;
          if (!input.firstName?.trim()) input.firstName = split.firstName;
        }
      }
      input.gender = importGender(input.gender);
      if (input.tags) input.tags = tagsText(input.tags);
      input.phoneNumber = phoneText(pick(cells, sources.phoneNumber!));
      const birthCell = pick(cells, sources.birthDate!);
      const birth = birthDate(birthCell, dateOrder);
      input.birthDate = birth.value;

      const reasons: string[] = [];
      const parsed = contactSchema.safeParse(input);
      if (!parsed.success) {
        for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
          reasons.push(field === 'birthDate' && message === validationMessages.birthDateRequired && birth.problem ? birth.problem : message);
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
    columns: fields,
    batches,
    rejected,
    get rejectedCount() {
      return rejectedCount;
    },
  };
}

const MOBILE_LABEL = /mobile|cell/i;

/**
 * The cell of the first of a field's columns that is filled in this row; a number typed as mobile
 * (Google's `Phone 1 - Type`) comes before the others.
 */
function pick(cells: Cell[], sources: ColumnSource[]): Cell {
  if (sources.length === 1) return cells[sources[0]!.index];
  for (const { index, labelIndex } of sources) {
    if (labelIndex !== undefined && !isBlank(cells[index]) && MOBILE_LABEL.test(String(cells[labelIndex] ?? ''))) return cells[index];
  }
  for (const { index } of sources) if (!isBlank(cells[index])) return cells[index];
  return undefined;
}

/** A cell as the text the contact form would have received. */
function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return isoDay(cell);
  return String(cell);
}

/** The birth date for the form, and the reason to give if the form refuses it. */
function birthDate(cell: Cell, order: DateOrder): { value: string; problem?: string } {
  const reading = readDate(cell, order);
  if (reading === null) return { value: '' };
  const raw = cellText(cell).trim();
  if (typeof reading === 'object') return { value: '', problem: importRowMessages.missingYear(raw) };
  return { value: reading, problem: importRowMessages.invalidDate(raw) };
}
