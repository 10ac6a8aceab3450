import { describe, expect, it } from 'vitest';
import { applyContactsDelta, type Contact } from '#domain';

const contact = (id: number, firstName = `C${id}`): Contact => ({
  id,
  firstName,
  lastName: 'Delta',
  email: `c${id}@example.com`,
  phoneNumber: '4915112345678',
  birthDate: '1990-01-01',
  gender: 'FEMALE',
  status: 'ACTIVE',
  tags: '',
  lastVisited: null,
  businessId: 1,
});

describe('applying a contacts delta to the list the browser holds', () => {
  const rows = [contact(1), contact(2), contact(3)];

  it('keeps the very same list when nothing changed', () => {
    expect(applyContactsDelta(rows, { contacts: [], deletedIds: [] })).toBe(rows);
  });

  it('replaces changed contacts in place, drops deleted ones, adds new ones in id order, and keeps untouched rows', () => {
    const next = applyContactsDelta(rows, { contacts: [contact(5), contact(2, 'Changed'), contact(4)], deletedIds: [3, 99] });
    expect(next.map((row) => [row.id, row.firstName])).toEqual([[1, 'C1'], [2, 'Changed'], [4, 'C4'], [5, 'C5']]);
    expect(next[0]).toBe(rows[0]);
    expect(rows.map((row) => row.firstName)).toEqual(['C1', 'C2', 'C3']);
  });

  it('puts a new contact with a lower id than the last one in its place', () => {
    const next = applyContactsDelta([contact(1), contact(10)], { contacts: [contact(5)], deletedIds: [] });
    expect(next.map((row) => row.id)).toEqual([1, 5, 10]);
  });

  it('handles a delta for an empty list and a delete of everything', () => {
    expect(applyContactsDelta([], { contacts: [contact(2), contact(1)], deletedIds: [] }).map((row) => row.id)).toEqual([1, 2]);
    expect(applyContactsDelta(rows, { contacts: [], deletedIds: [1, 2, 3] })).toEqual([]);
  });
});
