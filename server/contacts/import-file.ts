import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#domain';
import { badRequest } from '../lib/errors';
import { readBackFormula } from './formula-cells';
import { looksLikeVcard, readVcards, utf16Encoding } from './import-vcard';
import { isBlank, type Cell, type ImportTable, type TableRow } from './import-table';
import { inspectZip } from './zip-guard';

export const importFileMessages = {
  notBase64: 'The file must be sent as base64 text.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import them one by one.`,
  empty: 'The file is empty.',
  headerOnly: 'The file has a header row but no contacts.',
  unreadable: 'The file could not be read. Import a .csv (UTF-8), .xls, .xlsx or .vcf file.',
  bomb: 'The file looks like a compressed archive bomb and was not imported.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files and import them one by one.`,
  unclosedQuote: (row: number) => `The file could not be read: a quoted value in row ${row} is never closed.`,
} as const;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The file's bytes from the request's base64 text; refuses what is not base64 or is too large. */
export function decodeImportFile(base64: string): Buffer {
  // Tolerate a data-URL prefix and line breaks, though the browser app sends neither.
  const text = base64.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text)) throw badRequest(importFileMessages.notBase64);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (Math.floor((text.length * 3) / 4) - padding > IMPORT_MAX_BYTES) throw badRequest(importFileMessages.tooLarge);
  return Buffer.from(text, 'base64');
}

const startsWith = (buffer: Buffer, bytes: number[]) => bytes.every((byte, i) => buffer[i] === byte);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** The first sheet of an .xlsx or .xls, a CSV or vCards, as rows of cells; the format comes from the content. */
export function readImportFile(buffer: Buffer): ImportTable {
  if (buffer.length === 0) throw badRequest(importFileMessages.empty);
  if (buffer.length > IMPORT_MAX_BYTES) throw badRequest(importFileMessages.tooLarge);
  let rows: TableRow[];
  if (startsWith(buffer, ZIP_MAGIC)) {
    const verdict = inspectZip(buffer);
    if (verdict !== 'ok') throw badRequest(verdict === 'bomb' ? importFileMessages.bomb : importFileMessages.unreadable);
    rows = readWorkbook(buffer);
  } else if (startsWith(buffer, OLE2_MAGIC)) {
    rows = readWorkbook(buffer);
  } else if (looksLikeVcard(buffer)) {
    const { rows: cards, broken } = readVcards(buffer);
    // Not one card could be read: the file is not what it says.
    if (cards.length === 1) throw badRequest(importFileMessages.unreadable);
    return { ...splitHeader(cards), broken };
  } else {
    rows = readCsv(decodeText(buffer));
  }
  return splitHeader(rows);
}

function splitHeader(rows: TableRow[]): ImportTable {
  const filled = rows.filter((row) => row.cells.some((cell) => !isBlank(cell)));
  const [header, ...data] = filled;
  if (!header) throw badRequest(importFileMessages.empty);
  if (data.length === 0) throw badRequest(importFileMessages.headerOnly);
  if (data.length > IMPORT_MAX_ROWS) throw badRequest(importFileMessages.tooManyRows);
  return { header, rows: data };
}

/** The header, the most rows allowed, and one more to notice a file with too many. */
const SHEET_ROWS_WINDOW = IMPORT_MAX_ROWS + 2;

function readWorkbook(buffer: Buffer): TableRow[] {
  let sheet = firstSheet(buffer, SHEET_ROWS_WINDOW);
  // The reader stops at the window and keeps the sheet's claimed extent in !fullref. That claim
  // can be far larger than the data (blank formatted rows), so only a full window settles "too many".
  const fullRef = sheet['!fullref'];
  const truncated = fullRef !== undefined && XLSX.utils.decode_range(fullRef).e.r + 1 > SHEET_ROWS_WINDOW;
  if (truncated && filledRowCount(sheet) < SHEET_ROWS_WINDOW) sheet = firstSheet(buffer);
  const data = denseRows(sheet);
  const rows: TableRow[] = [];
  for (let r = 0; r < data.length; r += 1) {
    const cells = data[r];
    if (!cells) continue;
    rows.push({ row: r + 1, cells: Array.from(cells, (cell) => cellValue(cell)) });
  }
  return rows;
}

function firstSheet(buffer: Buffer, sheetRows?: number): XLSX.WorkSheet {
  let sheet: XLSX.WorkSheet | undefined;
  try {
    const workbook = XLSX.read(buffer, {
      type: 'buffer',
      // Only the first sheet is parsed: a workbook of 190 big sheets costs what its first one does.
      sheets: 0,
      cellDates: true,
      dense: true,
      // Values only: formatted text, formulas, styles and HTML would only cost time.
      cellText: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      ...(sheetRows ? { sheetRows } : {}),
    });
    sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  } catch {
    throw badRequest(importFileMessages.unreadable);
  }
  if (!sheet) throw badRequest(importFileMessages.unreadable);
  return sheet;
}

const denseRows = (sheet: XLSX.WorkSheet) =>
  (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;

const filledRowCount = (sheet: XLSX.WorkSheet) =>
  denseRows(sheet).filter((cells) => cells?.some((cell) => !isBlank(cellValue(cell)))).length;

function cellValue(cell: XLSX.CellObject | undefined): Cell {
  if (!cell || cell.t === 'z' || cell.t === 'e') return null;
  return cell.v as Cell;
}

// Control characters other than tab and line breaks: no text file has them, binary data always does.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * UTF-8 (what the example file and most tools write), UTF-16 with or without a byte-order mark
 * (Excel's "Unicode text"), else Windows-1252 (Excel's plain "CSV" on Windows). Binary data is refused.
 */
function decodeText(buffer: Buffer): string {
  let text: string;
  const utf16 = utf16Encoding(buffer);
  if (utf16) text = new TextDecoder(utf16).decode(buffer);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    } catch {
      text = new TextDecoder('windows-1252').decode(buffer);
    }
  }
  if (CONTROL_CHARACTERS.test(text)) throw badRequest(importFileMessages.unreadable);
  return text.replace(/^\uFEFF/, '');
}

/** Comma, semicolon (Excel in many European locales) or tab, whichever the header line has most of. */
function detectDelimiter(text: string): string {
  const newline = text.indexOf('\n');
  const firstLine = newline < 0 ? text : text.slice(0, newline);
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: firstLine.split(delimiter).length - 1 }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

function readCsv(text: string): TableRow[] {
  if (text.trim() === '') throw badRequest(importFileMessages.empty);
  const result = Papa.parse<string[]>(text, { delimiter: detectDelimiter(text), header: false, skipEmptyLines: false });
  const unclosed = result.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) throw badRequest(importFileMessages.unclosedQuote((unclosed.row ?? 0) + 1));
  // Records are numbered like the lines a spreadsheet shows (a quoted line break stays in one row).
  // A cell our export wrote as text ('=...) is read back as it was (formula-cells.ts).
  return result.data.map((cells, index) => ({ row: index + 1, cells: cells.map(readBackFormula) }));
}
