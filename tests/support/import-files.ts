import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { CONTACT_IMPORT_COLUMNS } from '#domain';
import { demoContacts } from '../../scripts/demo';

/** Import files for tests and benchmarks: valid ones of any size, and hostile ones. */

export type ZipEntry = { name: string; data: Buffer; uncompressedSize: number; crc: number };

/** A ZIP archive written by hand, so the central directory can claim whatever sizes a test needs. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.uncompressedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const deflated = (name: string, content: Buffer, claimedSize = content.length): ZipEntry => ({
  name,
  data: deflateRawSync(content),
  uncompressedSize: claimedSize,
  crc: crc32(content),
});

const HEADER = CONTACT_IMPORT_COLUMNS.map((column) => column.header);
const contactRows = (count: number, seed: string) =>
  demoContacts(count, seed).map((contact) => CONTACT_IMPORT_COLUMNS.map((column) => contact[column.key]));

/** A valid CSV of `count` contacts. */
export function contactsCsv(count: number, seed = 'csv'): Buffer {
  return Buffer.from(Papa.unparse([HEADER, ...contactRows(count, seed)]));
}

/**
 * A valid .xlsx of `count` contacts; with `notesLength`, a Notes column (which the importer
 * ignores) of that many random characters per row, to make a big file that compresses badly.
 */
export function contactsXlsx(count: number, { seed = 'xlsx', notesLength = 0 } = {}): Buffer {
  const notes = notesLength ? randomBytes(Math.ceil((count * notesLength * 3) / 4) + 3).toString('base64') : '';
  const rows = contactRows(count, seed).map((row, i) =>
    notesLength ? [...row, notes.slice(i * notesLength, (i + 1) * notesLength)] : row,
  );
  const sheet = XLSX.utils.aoa_to_sheet([notesLength ? [...HEADER, 'Notes'] : HEADER, ...rows], { dense: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/**
 * The workbook that froze the server for 11-19 s: `sheets` worksheets, each just under 1 MB of
 * repeated row XML (under the per-entry ratio check), in a file of well under 1 MB.
 */
export function hostileWorkbook(sheets = 190, sheetBytes = 1_000_000): Buffer {
  // Rows without numbers are valid (each follows the last) and compress about 1000:1.
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const rows = Array.from({ length: Math.floor((sheetBytes - 200) / row.length) }, () => row);
  const sheetXml = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
  );
  const sheet = deflated('xl/worksheets/sheet1.xml', sheetXml);
  const names = Array.from({ length: sheets }, (_, i) => i + 1);
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
  return zip([
    deflated(
      '[Content_Types].xml',
      xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${names.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
      ),
    ),
    deflated(
      '_rels/.rels',
      xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    ),
    deflated(
      'xl/workbook.xml',
      xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names.map((n) => `<sheet name="Sheet${n}" sheetId="${n}" r:id="rId${n}"/>`).join('')}</sheets></workbook>`,
      ),
    ),
    deflated(
      'xl/_rels/workbook.xml.rels',
      xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names.map((n) => `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}</Relationships>`,
      ),
    ),
    ...names.map((n) => ({ ...sheet, name: `xl/worksheets/sheet${n}.xml` })),
  ]);
}
