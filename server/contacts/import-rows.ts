import { IMPORT_REJECTED_ROWS_LISTED, isIsoDate, type DateOrder, type ImportColumnKey, type ImportContactsResult, type TwoDigitYears } from '#domain';
import { readContactRow, type ContactRow } from '#domain/contact-rows';
import { headerLanguage, importGender } from '#domain/contact-import-columns';
import { isBlank, type Cell, type ImportTable } from './import-table';
import { planColumns, type BirthDateParts, type ColumnSource, type ImportChoice } from './import-columns';
import { echo } from './import-echo';
import { cellValues, isoDay, phoneCandidates, readDate, splitFullName, tagsText } from './import-values';

export const importRowMessages = {
  repeatedEmail: (firstRow: number) => `Email appears more than once in this file (first in row ${firstRow})`,
  repeatedPhone: (firstRow: number) => `Phone number appears more than once in this file without an email (first in row ${firstRow})`,
  invalidDate: (text: string) => `Birth date "${echo(text)}" is not a date; write it as YYYY-MM-DD or DD.MM.YYYY.`,
} as const;

/** A value left out of an imported contact: the row is kept for what can be read. */
export const notImported = (problem: string) => `Not imported: ${problem}`;

export type ImportedContacts = {
  /** The contact fields the file has columns for: gender and tags of a contact it updates are written only then. */
  columns: ImportColumnKey[];
  /**
   * The valid contacts, `size` at a time, read as they are taken: the database can write one
   * batch while the next is checked. `rejected` is complete once every batch has been taken.
   */
  batches(size: number): Generator<ContactRow[]>;
  /** The first IMPORT_REJECTED_ROWS_LISTED rejected rows; `rejectedCount` counts them all. */
  rejected: ImportContactsResult['rejected'];
  readonly rejectedCount: number;
  /** Imported rows with values left out, listed and counted as the rejected ones. */
  warned: ImportContactsResult['warned'];
  readonly warnedCount: number;
};

/**
 * Finds the columns (refusing the file, with the mapping question, when it has no name column or
 * no email or phone column), then makes every row a contact with the one rule every way in
 * shares (domain/contact-rows.ts): a name and a valid email or phone number. A value that cannot
 * be used (a placeholder phone number, a birthday of 1890, a gender word of another language) is
 * left out with a warning: it never loses a contact. Of rows with the same email, or without an
 * email and with the same phone number, the first wins. Gender letters are read by the language
 * of the file's headers (a German w is weiblich, a Spanish m mujer).
 */
export function contactsFromTable(table: ImportTable, region: string | null, choice: ImportChoice = {}): ImportedContacts {
  const { sources, birthDateParts, dateOrder, twoDigitYears, fields } = planColumns(table, region, choice);
  const language = headerLanguage(table.header.cells.map((cell) => String(cell ?? '')));
  const rejected: ImportContactsResult['rejected'] = [];
  const warned: ImportContactsResult['warned'] = [];
  let rejectedCount = 0;
  let warnedCount = 0;
  const text = (cells: Cell[], field: 'firstName' | 'lastName' | 'fullName' | 'gender' | 'tags') =>
    sources[field] ? cellText(firstFilled(cells, sources[field])) : '';

  const reject = (row: number, reasons: string[]) => {
    rejectedCount += 1;
    if (rejected.length < IMPORT_REJECTED_ROWS_LISTED) rejected.push({ row, reasons });
  };
  const warn = (row: number, warnings: string[]) => {
    warnedCount += 1;
    if (warned.length < IMPORT_REJECTED_ROWS_LISTED) warned.push({ row, warnings });
  };

  function* batches(size: number): Generator<ContactRow[]> {
    const firstRowOf = new Map<string, number>();
    // Rows the reader could not read are listed in their place among the others.
    const broken = [...(table.broken ?? [])];
    let batch: ContactRow[] = [];
    for (const { row, cells } of table.rows) {
      while (broken.length && broken[0]!.row < row) reject(broken[0]!.row, broken.shift()!.reasons);
      let firstName = text(cells, 'firstName');
      let lastName = text(cells, 'lastName');
      if (sources.fullName) {
        const name = text(cells, 'fullName');
        // Beside a Surname column, Name is the first name (Excel sheets); otherwise it is split, where
        // the file has no other name (Google and vCard fill it for contacts with only a display name).
        if (sources.lastName && !sources.firstName) firstName = name;
        else if (!sources.lastName || !(firstName.trim() || lastName.trim())) {
          const split = splitFullName(name);
          lastName = split.lastName;
          if (!firstName.trim()) firstName = split.firstName;
        }
      }
      const birth = birthDateParts ? { value: partsDate(cells, birthDateParts) } : birthDate(firstFilled(cells, sources.birthDate), dateOrder, twoDigitYears);
      const tags = text(cells, 'tags');
      const gender = text(cells, 'gender');
      const reading = readContactRow(
        {
          firstName,
          lastName,
          email: candidates(cells, sources.email, cellValues),
          phoneNumber: candidates(cells, sources.phoneNumber, phoneCandidates),
          birthDate: birth.problem ? null : birth.value,
          gender: gender && importGender(gender, language),
          tags: tags && tagsText(tags),
        },
        region,
        { leaveOut: true },
      );
      const problems = 'problems' in reading ? { ...reading.problems } : {};
      const contact = 'contact' in reading ? reading.contact : undefined;
      const key = contact?.email ? `email:${contact.email.toLowerCase()}` : contact?.phoneNumber ? `phone:${contact.phoneNumber}` : undefined;
      if (key) {
        const firstRow = firstRowOf.get(key);
        if (firstRow === undefined) firstRowOf.set(key, row);
        else problems.duplicate = key.startsWith('email') ? importRowMessages.repeatedEmail(firstRow) : importRowMessages.repeatedPhone(firstRow);
      }
      const reasons = Object.values(problems);
      if (reasons.length || !contact) {
        // A row refused for its name or ways to reach also says what else was wrong.
        reject(row, birth.problem ? [...reasons, birth.problem] : reasons);
        continue;
      }
      const warnings = [...Object.values(('warnings' in reading && reading.warnings) || {}), ...(birth.problem ? [birth.problem] : [])];
      if (warnings.length) warn(row, warnings.map(notImported));
      batch.push(contact);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    for (const { row, reasons } of broken) reject(row, reasons);
    if (batch.length) yield batch;
  }

  return {
    columns: fields,
    batches,
    rejected,
    get rejectedCount() {
      return rejectedCount;
    },
    warned,
    get warnedCount() {
      return warnedCount;
    },
  };
}

const MOBILE_LABEL = /mobile|cell|handy|mobil|portable|móvil|celular|cellulare|telemóvel|mobiel|mobitel/i;

/** The cell of the first of a field's columns that is filled in this row. */
function firstFilled(cells: Cell[], sources: ColumnSource[] | undefined): Cell {
  for (const { index } of sources ?? []) if (!isBlank(cells[index])) return cells[index];
  return undefined;
}

/**
 * Every value of a field's columns in this row, best first: a number typed as mobile (Google's
 * `Phone 1 - Type`, also per value of "Home ::: Mobile") before the others, then the columns in
 * the header table's order.
 */
function candidates(cells: Cell[], sources: ColumnSource[] | undefined, values: (cell: Cell) => string[]): string[] {
  if (!sources) return [];
  if (sources.length === 1 && sources[0]!.labelIndex === undefined) return values(cells[sources[0]!.index]);
  const mobile: string[] = [];
  const others: string[] = [];
  for (const { index, labelIndex } of sources) {
    const labels = labelIndex === undefined ? [] : String(cells[labelIndex] ?? '').split(':::');
    const cellValues = values(cells[index]);
    // One label for the cell, or one per value.
    cellValues.forEach((value, i) => (MOBILE_LABEL.test(labels.length === cellValues.length ? labels[i]! : labels.join(' ')) ? mobile : others).push(value));
  }
  return [...mobile, ...others];
}

/** A cell as the contact form would have received it; an export's "—" (nothing) is empty. */
function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return isoDay(cell);
  const text = String(cell);
  return text.trim() === '—' ? '' : text;
}

/**
 * The birth date, or the reason to give when the cell holds something that is not one. A birthday
 * without a year (Mailchimp's 04/12, Apple's and Google's --04-12) is no birth date the contact
 * can have: the contact is imported without one.
 */
function birthDate(cell: Cell, order: DateOrder, twoDigitYears: TwoDigitYears | undefined): { value: string | null; problem?: string } {
  const reading = readDate(cell, order, twoDigitYears);
  if (reading === null || (typeof reading === 'object' && 'missingYear' in reading)) return { value: null };
  const raw = cellText(cell).trim();
  if (typeof reading === 'object') return { value: null, problem: importRowMessages.invalidDate(raw) };
  return isIsoDate(reading) ? { value: reading } : { value: null, problem: importRowMessages.invalidDate(raw) };
}

/** Thunderbird's Birth Year, Birth Month and Birth Day as one date; without all three, none. */
function partsDate(cells: Cell[], parts: BirthDateParts): string | null {
  const [year, month, day] = [parts.birthYear, parts.birthMonth, parts.birthDay].map((index) => cellText(cells[index]).trim());
  if (!/^\d{4}$/.test(year!) || !/^\d{1,2}$/.test(month!) || !/^\d{1,2}$/.test(day!)) return null;
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}
