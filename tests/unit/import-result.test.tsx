import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportResultModal } from '../../src/pages/contacts/ImportResultModal';
import type { ImportOutcome } from '../../src/pages/contacts/useImportContacts';

const result = (listed: number, rejectedCount: number): ImportOutcome => ({
  fileName: 'customers.xlsx',
  created: 1200,
  updated: 3,
  rejected: Array.from({ length: listed }, (_, i) => ({ row: i + 2, reasons: ['Invalid email address'] })),
  rejectedCount,
});

/** The text of the CSV the download button makes. */
async function downloadedCsv(): Promise<string> {
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => ((blob = object as Blob), 'blob:rejected'));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  fireEvent.click(screen.getByRole('button', { name: /Download rejected rows/ }));
  return (await blob!.text()).replace(/^\uFEFF/, '');
}

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

  it('says nothing more when every rejected row is listed', async () => {
    render(<ImportResultModal result={result(2, 2)} onClose={() => {}} />);
    expect(screen.getByText('1,200 created, 3 updated, 2 rejected')).toBeInTheDocument();
    expect(screen.queryByText(/Only the first/)).toBeNull();
    expect((await downloadedCsv()).split('\r\n')).toEqual(['Row,Reasons', '2,Invalid email address', '3,Invalid email address']);
  });
});
