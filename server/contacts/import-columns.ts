import {
  CONTACT_IMPORT_COLUMNS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  importFieldForHeader,
  normaliseHeader,
  regionDateOrder,
  type DateOrder,
  type ImportColumnKey,
  type ImportField,
  type ImportMapping,
  type ImportMappingQuestion,
} from '#domain';
import { HttpError } from '../lib/errors';
import { isBlank, type Cell, type ImportTable } from './import-file';
import { echo } from './import-echo';
import { fileDateOrder, isoDay } from './import-values';

/** Which of the file's columns feed each field: recognised from the header table, or as the owner mapped them. */

export type ImportChoice = { mapping?: ImportMapping; dateOrder?: DateOrder };

/** A column feeding a field; `labelIndex`: the column saying what kind of number it is (Google's `Phone 1 - Type`). */
export type ColumnSource = { index: number; labelIndex?: number };

export type ColumnPlan = {
  /** Per field, its columns best first: a row takes the first one filled. */
  sources: Partial<Record<ImportField, ColumnSource[]>>;
  dateOrder: DateOrder;
  /** The contact fields the file provides: an update leaves the others as stored. */
  fields: ImportColumnKey[];
};

const listedHeaders = CONTACT_IMPORT_COLUMNS.map((c) => c.header).join(', ');

export const importColumnMessages = {
  noKnownColumns: `None of the columns is known. The first row must name the columns: ${listedHeaders}.`,
  missingColumns: (headers: string[]) =>
    `The file has no ${headers.join(', ')} column${headers.length > 1 ? 's' : ''}. The first row must name the columns: ${listedHeaders}.`,
  repeatedColumn: (header: string, field: ImportField) =>
    `The column "${echo(header)}" is there twice (as "${IMPORT_FIELD_LABELS[field]}"); keep only one.`,
  mappedColumnMissing: (header: string, field: ImportField) =>
    `The column "${echo(header)}" chosen for ${IMPORT_FIELD_LABELS[field]} is not in the file.`,
} as const;

/** The mapping step shows this many rows, and at most this many columns (a hostile file may have 16,384). */
const PREVIEW_ROWS = 5;
const PREVIEW_COLUMNS = 200;

const headerText = (cell: Cell) => (isBlank(cell) ? '' : String(cell).trim());

/** Google's numbered pairs: `Phone 1 - Value` is typed by `Phone 1 - Type` (old export) or `Phone 1 - Label` (new). */
const NUMBERED_VALUE = /^(.*?)\s*(\d+)\s*-\s*value$/i;

/**
 * The columns of each field, or a 400 that carries the mapping question (the file's columns, its
 * first rows and the best guesses) when a required field has none.
 */
export function planColumns(table: ImportTable, region: string | null, choice: ImportChoice): ColumnPlan {
  const headers = table.header.cells.map(headerText);
  const sources = recognisedSources(headers, choice.mapping);
  for (const field of IMPORT_FIELDS) {
    if (!choice.mapping || !(field in choice.mapping)) continue;
    const chosen = choice.mapping[field]?.trim();
    if (!chosen) {
      delete sources[field];
      continue;
    }
    let index = headers.indexOf(chosen);
    if (index < 0) index = headers.findIndex((header) => normaliseHeader(header) === normaliseHeader(chosen));
    if (index < 0) throw new HttpError(400, importColumnMessages.mappedColumnMissing(chosen, field));
    sources[field] = [{ index }];
  }
  for (const source of sources.phoneNumber ?? []) source.labelIndex = labelColumn(headers, source.index);

  const has = (field: ImportField) => Boolean(sources[field]?.length);
  const missing = CONTACT_IMPORT_COLUMNS.filter(
    (column) => column.required && !has(column.key) && !((column.key === 'firstName' || column.key === 'lastName') && has('fullName')),
  );
  if (missing.length) {
    const message = IMPORT_FIELDS.some(has) ? importColumnMessages.missingColumns(missing.map((column) => column.header)) : importColumnMessages.noKnownColumns;
    throw new HttpError(400, message, undefined, mappingQuestion(table, headers, sources, region, choice.dateOrder));
  }
  const birthColumn = sources.birthDate![0]!.index;
  const dateOrder = choice.dateOrder ?? fileDateOrder(columnCells(table, birthColumn), region).order;
  const fields = IMPORT_FIELDS.flatMap((field): ImportColumnKey[] =>
    !has(field) ? [] : field === 'fullName' ? ['firstName', 'lastName'] : [field],
  );
  return { sources, dateOrder, fields: [...new Set(fields)] };
}

/** Per field, the recognised columns best first; a header named twice is refused (which one is meant?). */
function recognisedSources(headers: string[], mapping: ImportMapping | undefined): ColumnPlan['sources'] {
  const found: Array<{ field: ImportField; rank: number; index: number }> = [];
  const seen = new Map<string, ImportField>();
  headers.forEach((header, index) => {
    if (!header) return;
    const known = importFieldForHeader(header);
    if (!known || (mapping && known.field in mapping)) return;
    const name = normaliseHeader(header);
    if (seen.has(name)) throw new HttpError(400, importColumnMessages.repeatedColumn(header, known.field));
    seen.set(name, known.field);
    found.push({ ...known, index });
  });
  found.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const sources: ColumnPlan['sources'] = {};
  for (const { field, index } of found) (sources[field] ??= []).push({ index });
  return sources;
}

function labelColumn(headers: string[], index: number): number | undefined {
  const match = NUMBERED_VALUE.exec(headers[index] ?? '');
  if (!match) return undefined;
  const wanted = [`${match[1]} ${match[2]} - Type`, `${match[1]} ${match[2]} - Label`].map(normaliseHeader);
  const label = headers.findIndex((header) => wanted.includes(normaliseHeader(header)));
  return label < 0 ? undefined : label;
}

function* columnCells(table: ImportTable, index: number): Generator<Cell> {
  for (const row of table.rows) yield row.cells[index];
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
): ImportMappingQuestion {
  const width = Math.min(headers.length, PREVIEW_COLUMNS);
  const columns = headers.slice(0, width).map((header) => echo(header));
  const guesses: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const first = sources[field]?.[0];
    if (first && first.index < width) guesses[field] = columns[first.index];
  }
  const birthColumn = sources.birthDate?.[0]?.index;
  return {
    columns,
    rows: table.rows.slice(0, PREVIEW_ROWS).map((row) => Array.from({ length: width }, (_, i) => previewText(row.cells[i]))),
    guesses,
    dateOrder: dateOrder
      ? { order: dateOrder, decided: false }
      : birthColumn === undefined
        ? { order: regionDateOrder(region), decided: false }
        : fileDateOrder(columnCells(table, birthColumn), region),
  };
}
