/**
 * Spreadsheet formula injection (OWASP's "CSV injection"): a cell that begins with = + - @, a tab
 * or a carriage return may be run as a formula by the program that opens the file. The CSV export
 * writes such a cell with a leading apostrophe, which spreadsheets show as text; the import takes
 * that apostrophe off again. A value that itself begins with apostrophes before such a character
 * gets one more, so every value comes back exactly as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

export const readBackFormula = (text: string) => (NEUTRALISED.test(text) ? text.slice(1) : text);
