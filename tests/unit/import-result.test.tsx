import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportResultModal } from '../../src/pages/contacts/ImportResultModal';
import type { ImportOutcome } from '../../src/pages/contacts/useImportContacts';

const result = (listed: number, rejectedCount: number, warned: ImportOutcome['warned'] = []): ImportOutcome => ({
  fileName: 'customers.xlsx',
  created: 1200,
  updated: 3,
  rejected: Array.from({ length: listed }, (_, i) => ({ row: i + 2, reasons: ['Invalid email address'] })),
  rejectedCount,
  warned,
  warnedCount: warned.length,
});

/** The text of the CSV a download button makes, and the file's name. */
async function downloaded(button: RegExp = /Download rejected rows/): Promise<{ csv: string; name: string }> {
  let blob: Blob | undefined;
  let name = '';
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => ((blob = object as Blob), 'blob:rejected'));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });
  fireEvent.click(screen.getByRole('button', { name: button }));
  return { csv: (await blob!.text()).replace(/^\uFEFF/, ''), name };
}
const downloadedCsv = async () => (await downloaded()).csv;

afterEach(() => vi.restoreAllMocks());

describe('the import result', () => {
  it('counts every rejected row and says when only the first ones are listed, in the dialog and the download', async () => {
    render(<ImportResultModal result={result(1000, 140_000)} onClose={() => {}} />);
    expect(screen.getByText('1,200 created, 3 updated, 140,000 rejected')).toBeInTheDocument();
    const note = 'Only the first 1,000 of the 140,000 rejected rows are listed. Correct them and import the file again to see the rest.';
    expect(screen.getByText(new RegExp(note.replace(/[.,]/g, '.')))).toBeInTheDocument();

    const lines = (await downloadedCsv()).split('\r\n');
    expect(lines[0]).toBe('Row,Reasons');
    expect(lines[1]).toBe('2,Invalid email address');
    expect(lines).toHaveLength(1002);
    expect(lines.at(-1)).toBe(`,"${note}"`);
  });

  it('lists rows imported with a value left out apart from the rejected ones, with their own count and download', async () => {
    const warned = [{ row: 4, warnings: ['Not imported: Phone number is not a valid number in Germany.'] }];
    render(<ImportResultModal result={result(2, 2, warned)} onClose={() => {}} />);
    expect(screen.getByText('1,200 created, 3 updated, 2 rejected, 1 with values left out')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Rejected rows (not imported)' })).toHaveTextContent('Invalid email address');
    expect(screen.getByRole('region', { name: 'Imported, with values left out' })).toHaveTextContent('Not imported: Phone number is not a valid number in Germany.');
    const { csv, name } = await downloaded(/Download rows with values left out/);
    expect(name).toBe('customers-rows-with-values-left-out.csv');
    expect(csv.split('\r\n')).toEqual(['Row,Left out', '4,Not imported: Phone number is not a valid number in Germany.']);
  });

  it('says so when nothing was rejected and values were left out', () => {
    render(<ImportResultModal result={result(0, 0, [{ row: 2, warnings: ['Not imported: Gender must be one of: Male, Female, Not specified'] }])} onClose={() => {}} />);
    expect(screen.getByText('Import finished with values left out')).toBeInTheDocument();
    expect(screen.getByText('1,200 created, 3 updated, 0 rejected, 1 with values left out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download rejected rows/ })).toBeNull();
  });

  it('says nothing more when every rejected row is listed', async () => {
    render(<ImportResultModal result={result(2, 2)} onClose={() => {}} />);
    expect(screen.getByText('1,200 created, 3 updated, 2 rejected')).toBeInTheDocument();
    expect(screen.queryByText(/Only the first/)).toBeNull();
    expect((await downloadedCsv()).split('\r\n')).toEqual(['Row,Reasons', '2,Invalid email address', '3,Invalid email address']);
  });
});
