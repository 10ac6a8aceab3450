/** The table every import file is read into (CSV, spreadsheets and vCards alike), before its columns are matched. */

/** A cell as the readers give it: text from CSV; text, number, boolean or date from spreadsheets. */
export type Cell = string | number | boolean | Date | null | undefined;
/** `row` is the spreadsheet's 1-based row number (the header is usually row 1). */
export type TableRow = { row: number; cells: Cell[] };
/** `broken`: rows the reader could not read (a damaged vCard), in file order, with the reason. */
export type ImportTable = { header: TableRow; rows: TableRow[]; broken?: Array<{ row: number; reasons: string[] }> };

export const isBlank = (cell: Cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
