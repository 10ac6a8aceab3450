import { sql } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import { CONTACT_EXPORT_HEADERS, CONTACT_STATUS_LABELS, GENDER_LABELS, type ContactExportFormat, type ContactStatus, type Gender } from '#domain';
import { formatPhoneNumber } from '#domain/phone-numbers';
import { queryRows, type Db } from '../db/client';
import { neutraliseFormula } from './formula-cells';

/** Rows per query: few queries, and only a page of a big export in memory at a time. */
const EXPORT_PAGE = 20_000;

const PHONE = CONTACT_EXPORT_HEADERS.indexOf('Phone number');
/** The cells a contact may lack. */
const MAY_BE_MISSING = ['First name', 'Last name', 'Email', 'Phone number', 'Birth date'].map((header) => CONTACT_EXPORT_HEADERS.indexOf(header));
const GENDER = CONTACT_EXPORT_HEADERS.indexOf('Gender');
const STATUS = CONTACT_EXPORT_HEADERS.indexOf('Status');
const LAST_VISIT = CONTACT_EXPORT_HEADERS.indexOf('Last visit');

/** What a contact does not have (a name part, email, phone number, birth date) shows as this; the import reads it as empty. */
export const MISSING = '—';

/**
 * The business's contacts (all, or those of `contactIds` in it: ids of other businesses are not
 * there) as rows of cells in CONTACT_EXPORT_HEADERS order, a page at a time in id order. A page
 * comes as one JSON array of arrays: far cheaper, on PGlite above all, than a row object per contact.
 * Phone numbers are written as people read them (nationally in the business's country `region`).
 */
async function* contactRows(db: Db, businessId: number, region: string | null, contactIds: readonly number[] | null): AsyncGenerator<string[][]> {
  const selected = contactIds ? sql`and id = any(${`{${contactIds.join(',')}}`}::int[])` : sql``;
  for (let afterId = 0; ; ) {
    const [page] = await queryRows<{ rows: string | null; lastId: number | null }>(
      db,
      sql`select json_agg(json_build_array(first_name, last_name, email, phone_number, to_char(birth_date, 'YYYY-MM-DD'),
                   gender, tags, status, to_char(last_visited at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) order by id)::text as rows,
                 max(id) as "lastId"
          from (select * from contacts
                where business_id = ${businessId} and id > ${afterId} ${selected}
                order by id limit ${EXPORT_PAGE}) page`,
    );
    if (!page?.rows || page.lastId === null) return;
    const rows = JSON.parse(page.rows) as Array<Array<string | null>>;
    // Gender and status as the import reads them (and people do); no check-in yet is a blank cell.
    for (const cells of rows) {
      if (cells[PHONE]) cells[PHONE] = formatPhoneNumber(cells[PHONE], region);
      for (const index of MAY_BE_MISSING) cells[index] ||= MISSING;
      cells[GENDER] = GENDER_LABELS[cells[GENDER] as Gender];
      cells[STATUS] = CONTACT_STATUS_LABELS[cells[STATUS] as ContactStatus];
      cells[LAST_VISIT] ??= '';
    }
    yield rows as string[][];
    afterId = page.lastId;
  }
}

/**
 * A CSV cell: neutralised, and quoted when it holds a comma, a quote or a line break (RFC 4180), or
 * a semicolon: Excel in most European locales splits lines at semicolons, and the text after one
 * would be a cell of its own, unneutralised (`x;=2+3`).
 */
const csvCell = (text: string) => {
  const cell = neutraliseFormula(text);
  return /[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};
const csvLines = (rows: string[][]) => rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');

/** CSV as the example file is written (UTF-8 with a byte-order mark for Excel, CRLF), formulas neutralised. */
async function* csvChunks(pages: AsyncIterable<string[][]>): AsyncGenerator<string> {
  yield `\uFEFF${csvLines([[...CONTACT_EXPORT_HEADERS]])}`;
  for await (const rows of pages) yield csvLines(rows);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// Characters XML 1.0 cannot carry at all (the contact rules refuse them anyway).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (text: string) => text.replace(NOT_XML, '').replace(/[&<>]/g, (char) => XML_ESCAPES[char]!);

const COLUMN_LETTERS = CONTACT_EXPORT_HEADERS.map((_, index) => String.fromCharCode(65 + index));

/**
 * Every cell a text cell (t="inlineStr"), so phone numbers keep their digits and nothing is ever a
 * formula; the style with quotePrefix is what Excel gives a cell typed with a leading apostrophe,
 * so a text beginning with "=" stays text even when the cell is edited.
 */
const sheetRow = (cells: string[], rowNumber: number) =>
  `<row r="${rowNumber}">${cells
    .map((cell, index) => `<c r="${COLUMN_LETTERS[index]}${rowNumber}" t="inlineStr" s="1"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`)
    .join('')}</row>`;

const NS = 'http://schemas.openxmlformats.org/';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const WORKBOOK_PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML_HEAD}<Types xmlns="${NS}package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${NS}package/2006/relationships"><Relationship Id="rId1" Type="${NS}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${NS}spreadsheetml/2006/main" xmlns:r="${NS}officeDocument/2006/relationships"><sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${NS}package/2006/relationships"><Relationship Id="rId1" Type="${NS}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS}officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${NS}spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1" applyNumberFormat="1"/></cellXfs></styleSheet>`,
};

/**
 * An .xlsx written as it is sent: the fixed parts first, then the sheet, deflated page by page
 * (fflate's streaming zip), so 100,000 contacts never sit in memory as one workbook.
 */
async function* xlsxChunks(pages: AsyncIterable<string[][]>): AsyncGenerator<Buffer> {
  const out: Buffer[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    // Copied: fflate may reuse a chunk's memory for later output, before this one has been sent.
    else out.push(Buffer.from(chunk));
  });
  const encoder = new TextEncoder();
  for (const [name, content] of Object.entries(WORKBOOK_PARTS)) {
    // Deflated, not stored: SheetJS (the import's reader) cannot read stored entries sized after their data.
    const part = new ZipDeflate(name, { level: 1 });
    zip.add(part);
    part.push(encoder.encode(content), true);
  }
  // Level 1: an export is read once; speed matters more than the last few per cent.
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 1 });
  zip.add(sheet);
  const widths = CONTACT_EXPORT_HEADERS.map((_, index) => `<col min="${index + 1}" max="${index + 1}" width="18" customWidth="1"/>`);
  sheet.push(
    encoder.encode(
      `${XML_HEAD}<worksheet xmlns="${NS}spreadsheetml/2006/main"><cols>${widths.join('')}</cols><sheetData>${sheetRow([...CONTACT_EXPORT_HEADERS], 1)}`,
    ),
  );
  let rowNumber = 1;
  for await (const rows of pages) {
    sheet.push(encoder.encode(rows.map((cells) => sheetRow(cells, (rowNumber += 1))).join('')));
    if (failure) throw failure;
    yield* out.splice(0);
  }
  sheet.push(encoder.encode('</sheetData></worksheet>'), true);
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}

export const EXPORT_CONTENT_TYPES: Record<ContactExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The export file's content, produced as it is sent. */
export function exportContacts(
  db: Db,
  business: { id: number; region: string | null },
  format: ContactExportFormat,
  contactIds: readonly number[] | null = null,
): AsyncGenerator<string | Buffer> {
  const pages = contactRows(db, business.id, business.region, contactIds);
  return format === 'csv' ? csvChunks(pages) : xlsxChunks(pages);
}
