import { describe, expect, it } from 'vitest';
import {
  formatBirthDate,
  formatLastVisited,
  formatPhone,
  genderLabel,
  searchMatcher,
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

  it('shows the birth date as DD.MM.YYYY without shifting the day, "—" when not known', () => {
    expect(formatBirthDate('1990-01-01')).toBe('01.01.1990');
    expect(formatBirthDate('2001-12-31')).toBe('31.12.2001');
    expect(formatBirthDate(null)).toBe('—');
  });

  it('shows a number nationally in the business’s country and internationally elsewhere; "—" when none', () => {
    expect(formatPhone('4915123456789', 'DE')).toBe('01512 3456789');
    expect(formatPhone('4915123456789', 'HR')).toBe('+49 1512 3456789');
    expect(formatPhone('14155552671', 'US')).toBe('(415) 555-2671');
    expect(formatPhone('34612345678', 'ES')).toBe('612 34 56 78');
    expect(formatPhone('4915123456789', null)).toBe('+49 1512 3456789');
    // A number stored before numbers were read, which reads as none: as it is.
    expect(formatPhone('0000000000', 'DE')).toBe('0000000000');
    expect(formatPhone(null, 'DE')).toBe('—');
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

  it('finds a stored number by what people type, and only the number by its digits', () => {
    const anna = searchText({ id: 1, firstName: 'Anna', lastName: 'Lee', email: null, phoneNumber: '4915123456789', birthDate: null, gender: 'FEMALE', status: 'ACTIVE', tags: '', lastVisited: null, businessId: 1 });
    const ben = searchText({ id: 2, firstName: 'Ben', lastName: 'Ode', email: 'ben1512345@example.com', phoneNumber: null, birthDate: '1951-02-03', gender: 'MALE', status: 'ACTIVE', tags: '', lastVisited: null, businessId: 1 });
    for (const typed of ['0151', '+49 151', '151 2345', '(0151) 2345-6789', '4915123456789', '0151/23456789']) {
      expect(searchMatcher(typed)(anna), typed).toBe(true);
    }
    expect(searchMatcher('0152')(anna)).toBe(false);
    // Ben's email and birth date hold 151 2345 and 1951 as text, not as a phone number.
    expect(searchMatcher('151 2345')(ben)).toBe(false);
    expect(searchMatcher('1512345')(ben)).toBe(true);
    expect(searchMatcher('anna')(anna)).toBe(true);
  });
});
