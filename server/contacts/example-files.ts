import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { CONTACT_IMPORT_COLUMNS, IMPORT_EXAMPLE_FILES } from '#domain';
import { fileAnswer } from '../lib/schemas';

/** The example rows, one object per row, straight from the importer's column definitions. */
function exampleRows(): Array<Record<string, string>> {
  const count = Math.max(...CONTACT_IMPORT_COLUMNS.map((column) => column.examples.length));
  return Array.from({ length: count }, (_, row) =>
    Object.fromEntries(CONTACT_IMPORT_COLUMNS.map((column) => [column.header, column.examples[row] ?? ''])),
  );
}

function exampleCsv(): Buffer {
  const csv = Papa.unparse(exampleRows(), { columns: CONTACT_IMPORT_COLUMNS.map((column) => column.header), newline: '\r\n' });
  // The byte-order mark makes Excel open the file as UTF-8 (names such as "Chloé").
  return Buffer.from(`\uFEFF${csv}\r\n`, 'utf8');
}

function exampleXlsx(): Buffer {
  const header = CONTACT_IMPORT_COLUMNS.map((column) => column.header);
  const rows = exampleRows().map((row) =>
    CONTACT_IMPORT_COLUMNS.map((column) => {
      const value = row[column.header]!;
      // Real date cells, as a spreadsheet user would type them; phone numbers stay text so no digit is lost.
      return column.key === 'birthDate' && value ? new Date(`${value}T00:00:00Z`) : value;
    }),
  );
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows], { cellDates: true, dateNF: 'yyyy-mm-dd', UTC: true });
  sheet['!cols'] = CONTACT_IMPORT_COLUMNS.map((column) => ({
    wch: Math.max(column.header.length, ...column.examples.map((example) => example.length)) + 2,
  }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Contacts');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const files = [
  {
    path: IMPORT_EXAMPLE_FILES.xlsx,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    build: exampleXlsx,
    name: 'Excel',
  },
  { path: IMPORT_EXAMPLE_FILES.csv, contentType: 'text/csv; charset=utf-8', build: exampleCsv, name: 'CSV' },
];

/** Serves the import example files, built on first request from the importer's own column list. */
export default async function contactExampleFiles(app: FastifyInstance) {
  for (const file of files) {
    let content: Buffer | undefined;
    const fileName = file.path.slice(file.path.lastIndexOf('/') + 1);
    const schema = {
      tags: ['Contacts'],
      summary: `The contact import's example file (${file.name})`,
      security: [],
      response: { 200: fileAnswer(file.contentType.split(';')[0]!, 'The example file, as an attachment') },
    };
    app.get(file.path, { schema }, async (_request, reply) => {
      content ??= file.build();
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-cache')
        .send(content);
    });
  }
}
