import { describe, expect, it } from 'vitest';
import {
  formatBirthDate,
  formatLastVisited,
  genderLabel,
  searchText,
  statusColor,
  statusLabel,
} from '../../src/pages/contacts/contact-display';
import type { Contact } from '#domain/contacts';

describe('contact display rules', () => {
  it('shows gender as Male, Female or Not specified', () => {
    expect(genderLabel('MALE')).toBe('Male');
    expect(genderLabel('FEMALE')).toBe('Female');
    expect(genderLabel('NOT_SPECIFIED')).toBe('Not specified');
  });

  it('shows the birth date as DD.MM.YYYY without shifting the day', () => {
    expect(formatBirthDate('1990-01-01')).toBe('01.01.1990');
    expect(formatBirthDate('2001-12-31')).toBe('31.12.2001');
  });

  it("shows the last visit as 'DD.MM.YYYY, HH:MMh' in local time, and nothing before the first visit", () => {
    const instant = new Date(2026, 2, 7, 9, 5).toISOString();
    expect(formatLastVisited(instant)).toBe('07.03.2026, 09:05h');
    expect(formatLastVisited(null)).toBe('');
  });

  it('capitalises the status, green when ACTIVE and red otherwise', () => {
    expect(statusLabel('ACTIVE')).toBe('Active');
    expect(statusLabel('UNSUBSCRIBED')).toBe('Unsubscribed');
    expect(statusColor('ACTIVE')).toBe('green');
    expect(statusColor('UNSUBSCRIBED')).toBe('red');
  });

  it('searches every column as displayed', () => {
    const contact: Contact = {
      id: 1,
      firstName: 'Anna',
      lastName: 'Schmidt',
      email: 'anna@example.com',
      phoneNumber: '4915112345678',
      birthDate: '1988-04-12',
      gender: 'NOT_SPECIFIED',
      status: 'ACTIVE',
      tags: 'vip',
      lastVisited: null,
      businessId: 1,
    };
    const text = searchText(contact);
    for (const needle of ['anna', 'schmidt', '@example', '49151', 'not specified', '12.04.1988', 'active', 'vip']) {
      expect(text).toContain(needle);
    }
  });
});
