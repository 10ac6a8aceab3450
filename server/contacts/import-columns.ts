import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  importFieldForHeader,
  normaliseHeader,
  NUMBERED_HEADER_WORDS,
  regionDateOrder,
  type BirthDatePart,
  type DateOrder,
  type ImportColumnKey,
  type ImportField,
  type ImportMapping,
  type ImportMappingQuestion,
  type TwoDigitYears,
} from '#domain';
import { HttpError } from '../lib/errors';
import { isBlank, type Cell, type ImportTable } from './import-table';
import { echo } from './import-echo';
import { fileDateOrder, hasTwoDigitYear, isoDay } from './import-values';

/** Which of the file's columns feed each field: recognised from the header table, or as the owner mapped them. */

export type ImportChoice = { mapping?: ImportMapping; dateOrder?: DateOrder; twoDigitYears?: TwoDigitYears };

/** A column feeding a field; `labelIndex`: the column saying what kind of number it is (Google's `Phone 1 - Type`). */
export type ColumnSource = { index: number; labelIndex?: number };
/** Thunderbird's birthday: the columns of its year, month and day. */
export type BirthDateParts = Record<BirthDatePart | 'birthDay', number>;

export type ColumnPlan = {
  /** Per field, its columns best first: a row takes the first one filled (for email and phone numbers, the first valid). */
  sources: Partial<Record<ImportField, ColumnSource[]>>;
  birthDateParts?: BirthDateParts;
  dateOrder: DateOrder;
  twoDigitYears?: TwoDigitYears;
  /** The contact fields the file provides (gender and tags of a contact it updates are written only then). */
  fields: ImportColumnKey[];
};

const NAME_HEADERS = 'First name, Last name or Name';
const REACH_HEADERS = 'Email or Phone number';

export const importColumnMessages = {
  noKnownColumns: `None of the columns is known. The first row must name the columns: a name (${NAME_HEADERS}) and ${REACH_HEADERS}.`,
  missingColumns: (missing: string[]) =>
    `The file has no ${missing.join(' and no ')} column. Choose the file's columns for them, or name them in its first row.`,
  repeatedColumn: (header: string, field: ImportField) =>
    `The column "${echo(header)}" is there twice (as "${IMPORT_FIELD_LABELS[field]}"); keep only one.`,
  mappedColumnMissing: (header: string, field: ImportField) =>
    `The column "${echo(header)}" chosen for ${IMPORT_FIELD_LABELS[field]} is not in the file.`,
  ambiguousDates: (example: string) =>
    `Birth dates such as "${echo(example)}" can be read day first or month first, and nothing in the file or the business's country says which. Choose how to read them.`,
  twoDigitYears: (example: string) =>
    `Birth dates such as "${echo(example)}" have a two-digit year. Choose how to read them.`,
} as const;

/** The mapping step shows this many rows, and at most this many columns (a hostile file may have 16,384). */
const PREVIEW_ROWS = 5;
const PREVIEW_COLUMNS = 200;

const headerText = (cell: Cell) => (isBlank(cell) ? '' : String(cell).trim());

/** Google's numbered pairs in any of its languages: `Phone 1 - Value` (`Telefon 1 - Wert`) typed by `Phone 1 - Type`. */
const NUMBERED_VALUE = new RegExp(`^(.*?)\\s*(\\d+)\\s*-\\s*(?:${NUMBERED_HEADER_WORDS.value.join('|')})$`, 'iu');
/** Fields a mapped column heads rather than replaces: every email and phone column of a file is still tried. */
const CANDIDATE_FIELDS: readonly ImportField[] = ['email', 'phoneNumber'];

/**
 * The columns of each field, or a 400 that carries the mapping question (the file's columns, its
 * first rows and the best guesses) when the file has no column for a name or none for an email
 * or phone number, or when its birth dates cannot be read without the owner's word.
 */
export function planColumns(table: ImportTable, region: string | null, choice: ImportChoice): ColumnPlan {
  const headers = table.header.cells.map(headerText);
  const { sources, birthDateParts } = recognisedSources(headers, choice.mapping);
  for (const field of IMPORT_FIELDS) {
    if (!choice.mapping || !(field in choice.mapping)) continue;
    const chosen = choice.mapping[field]?.trim();
    const recognised = CANDIDATE_FIELDS.includes(field) && chosen ? (sources[field] ?? []) : [];
    delete sources[field];
    if (!chosen) continue;
    let index = headers.indexOf(chosen);
    if (index < 0) index = headers.findIndex((header) => normaliseHeader(header) === normaliseHeader(chosen));
    if (index < 0) throw new HttpError(400, importColumnMessages.mappedColumnMissing(chosen, field));
    sources[field] = [{ index }, ...recognised.filter((source) => source.index !== index)];
  }
  for (const field of CANDIDATE_FIELDS) for (const source of sources[field] ?? []) source.labelIndex = labelColumn(headers, source.index);

  const has = (field: ImportField) => Boolean(sources[field]?.length);
  const missing = [
    ...(has('firstName') || has('lastName') || has('fullName') ? [] : [`name (${NAME_HEADERS})`]),
    ...(has('email') || has('phoneNumber') ? [] : [REACH_HEADERS]),
  ];
  const birthColumn = sources.birthDate?.[0]?.index;
  const twoDigitExample = birthColumn === undefined || choice.twoDigitYears ? undefined : firstTwoDigitYear(table, birthColumn);
  const ask = (message: string): never => {
    throw new HttpError(400, message, undefined, mappingQuestion(table, headers, sources, region, choice.dateOrder, twoDigitExample));
  };
  if (missing.length) {
    ask(IMPORT_FIELDS.some(has) || birthDateParts ? importColumnMessages.missingColumns(missing) : importColumnMessages.noKnownColumns);
  }

  let dateOrder = choice.dateOrder ?? regionDateOrder(region);
  if (birthColumn !== undefined) {
    const dates = fileDateOrder(columnCells(table, birthColumn), region);
    if (!choice.dateOrder && dates.ambiguous && !dates.decided && !region) ask(importColumnMessages.ambiguousDates(firstAmbiguous(table, birthColumn)));
    dateOrder = choice.dateOrder ?? dates.order;
    if (twoDigitExample !== undefined) ask(importColumnMessages.twoDigitYears(twoDigitExample));
  }
  const fields = IMPORT_FIELDS.flatMap((field): ImportColumnKey[] =>
    !has(field) ? [] : field === 'fullName' ? ['firstName', 'lastName'] : [field],
  );
  if (birthDateParts && !has('birthDate')) fields.push('birthDate');
  return { sources, birthDateParts: has('birthDate') ? undefined : birthDateParts, dateOrder, twoDigitYears: choice.twoDigitYears, fields: [...new Set(fields)] };
}

/**
 * Per field, the recognised columns best first; a header named twice is refused (which one is
 * meant?). Thunderbird's Birth Year and Birth Month make its "Birth Day" the day of a date.
 */
/** Thunderbird's day of the month beside its Birth Year and Birth Month, in English and German. */
const BIRTH_DAY_HEADERS = new Set(['Birth Day', 'Geburtstag'].map(normaliseHeader));

function recognisedSources(headers: string[], mapping: ImportMapping | undefined): { sources: ColumnPlan['sources']; birthDateParts?: BirthDateParts } {
  const found: Array<{ field: ImportField; rank: number; index: number }> = [];
  const parts: Partial<BirthDateParts> = {};
  const seen = new Map<string, string>();
  headers.forEach((header, index) => {
    if (!header) return;
    const known = importFieldForHeader(header);
    // A field the owner mapped takes their column alone; emails and phone numbers keep the others after it.
    if (!known || (mapping && known.field in mapping && !CANDIDATE_FIELDS.includes(known.field as ImportField))) return;
    const name = normaliseHeader(header);
    if (seen.has(name)) throw new HttpError(400, importColumnMessages.repeatedColumn(header, known.field === 'birthYear' || known.field === 'birthMonth' ? 'birthDate' : known.field));
    seen.set(name, known.field);
    if (known.field === 'birthYear' || known.field === 'birthMonth') parts[known.field] = index;
    else found.push({ field: known.field, rank: known.rank, index });
  });
  let birthDateParts: BirthDateParts | undefined;
  const day = found.find((entry) => entry.field === 'birthDate' && BIRTH_DAY_HEADERS.has(normaliseHeader(headers[entry.index]!)));
  if (parts.birthYear !== undefined && parts.birthMonth !== undefined && day && !(mapping && 'birthDate' in mapping)) {
    birthDateParts = { birthYear: parts.birthYear, birthMonth: parts.birthMonth, birthDay: day.index };
    found.splice(found.indexOf(day), 1);
  }
  found.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const sources: ColumnPlan['sources'] = {};
  for (const { field, index } of found) (sources[field] ??= []).push({ index });
  return { sources, birthDateParts };
}

function labelColumn(headers: string[], index: number): number | undefined {
  const match = NUMBERED_VALUE.exec(headers[index] ?? '');
  if (!match) return undefined;
  const wanted = NUMBERED_HEADER_WORDS.label.map((label) => normaliseHeader(`${match[1]} ${match[2]} - ${label}`));
  const label = headers.findIndex((header) => wanted.includes(normaliseHeader(header)));
  return label < 0 ? undefined : label;
}

function* columnCells(table: ImportTable, index: number): Generator<Cell> {
  for (const row of table.rows) yield row.cells[index];
}

function firstTwoDigitYear(table: ImportTable, index: number): string | undefined {
  for (const cell of columnCells(table, index)) if (hasTwoDigitYear(cell)) return String(cell).trim();
  return undefined;
}

function firstAmbiguous(table: ImportTable, index: number): string {
  for (const cell of columnCells(table, index)) {
    if (typeof cell === 'string' && fileDateOrder([cell], null).ambiguous) return cell.trim();
  }
  return '';
}

/** A cell as the mapping step shows it. */
function previewText(cell: Cell): string {
  if (isBlank(cell)) return '';
  return echo(cell instanceof Date ? isoDay(cell) : String(cell));
}

function mappingQuestion(
  table: ImportTable,
  headers: string[],
  sources: ColumnPlan['sources'],
  region: string | null,
  dateOrder: DateOrder | undefined,
  twoDigitExample: string | undefined,
): ImportMappingQuestion {
  const width = Math.min(headers.length, PREVIEW_COLUMNS);
  const columns = headers.slice(0, width).map((header) => echo(header));
  const guesses: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const first = sources[field]?.[0];
    if (first && first.index < width) guesses[field] = columns[first.index];
  }
  const birthColumn = sources.birthDate?.[0]?.index;
  const dates = birthColumn === undefined ? { order: regionDateOrder(region), decided: false } : fileDateOrder(columnCells(table, birthColumn), region);
  return {
    columns,
    rows: table.rows.slice(0, PREVIEW_ROWS).map((row) => Array.from({ length: width }, (_, i) => previewText(row.cells[i]))),
    guesses,
    dateOrder: dateOrder ? { order: dateOrder, decided: false } : { order: dates.order, decided: dates.decided },
    ...(twoDigitExample === undefined ? {} : { twoDigitYears: { example: echo(twoDigitExample) } }),
  };
}
