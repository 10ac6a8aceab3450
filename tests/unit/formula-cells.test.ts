import { describe, expect, it } from 'vitest';
import { neutraliseFormula, readBackFormula } from '../../server/contacts/formula-cells';

describe('spreadsheet formula cells (CSV export and import)', () => {
  it('writes a cell that starts like a formula as text, and reads it back as it was', () => {
    const values = ['=1+2', '+49 151', '-Anna', '@SUM(A1)', '\tTabbed', '\rReturn', "'=already quoted", "''+twice", "'plain", 'plain', '', 'a=b'];
    const written = values.map(neutraliseFormula);
    expect(written.slice(0, 8)).toEqual(["'=1+2", "'+49 151", "'-Anna", "'@SUM(A1)", "'\tTabbed", "'\rReturn", "''=already quoted", "'''+twice"]);
    expect(written.slice(8)).toEqual(["'plain", 'plain', '', 'a=b']);
    expect(written.map(readBackFormula)).toEqual(values);
  });
});
