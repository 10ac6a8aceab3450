import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ImportContactsResult, ImportMappingQuestion } from '#domain';
import { validationMessages } from '#domain/messages';
import { readDate, fileDateOrder } from '../../server/contacts/import-values';
import { ApiClient, type TestApp } from '../support/test-app';
import { expectError, startSignedInOwner } from './helpers';

/**
 * The exports owners bring from their current tools, hand-written in tests/fixtures/imports from
 * each tool's real header row and the values it writes, imported without renaming anything.
 */

const IMPORT = '/api/contact/import-contacts';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url));

let testApp: TestApp;
let owner: ApiClient;
beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

const businessIn = async (country: string) => (await owner.createBusiness({ name: `Shop in ${country}`, country })).id;
const send = (businessId: number, file: Buffer | string, extra: Record<string, unknown> = {}) =>
  owner.post(IMPORT, { businessId, file: Buffer.from(file).toString('base64'), ...extra });

async function importInto(country: string, file: Buffer | string, extra: Record<string, unknown> = {}) {
  const businessId = await businessIn(country);
  const response = await send(businessId, file, extra);
  expect(response.statusCode, response.body).toBe(200);
  const list = await owner.get(`/api/contact/get-contacts/${businessId}`);
  const contacts = (list.json() as Contact[]).sort((a, b) => a.id - b.id);
  return { result: response.json() as ImportContactsResult, contacts };
}

type Stored = Pick<Contact, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'birthDate'> & Partial<Pick<Contact, 'gender' | 'tags'>>;
const stored = (contacts: Contact[], keys: Array<keyof Stored> = ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate']) =>
  contacts.map((contact) => Object.fromEntries(keys.map((key) => [key, contact[key]])));

describe('known exports are recognised without questions', () => {
  it('Google Contacts, "Google CSV" (Name, Given Name, Family Name, Phone 1 - Type/Value): the mobile number first, labels as tags; a birthday without its year is left out', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('google-csv-old.csv'));
    expect(result).toEqual({ created: 3, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'tags'])).toEqual([
      { firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@gmail.com', phoneNumber: '385912345678', birthDate: '1985-04-12', gender: 'FEMALE', tags: 'Regulars' },
      { firstName: 'Marko', lastName: 'Kovač', email: 'marko.kovac@gmail.com', phoneNumber: '385987654321', birthDate: null, gender: 'NOT_SPECIFIED', tags: '' },
      { firstName: 'Ivana', lastName: 'Babić', email: 'ivana.babic@gmail.com', phoneNumber: '385912345679', birthDate: '1990-11-03', gender: 'NOT_SPECIFIED', tags: '' },
    ]);
  });

  it('Google Contacts, newer "Google CSV" (First Name, Phone 1 - Label/Value)', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('google-csv-new.csv'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Luka', lastName: 'Perić', email: 'luka.peric@gmail.com', phoneNumber: '385951234567', birthDate: '1979-02-14' },
      { firstName: 'Petra', lastName: 'Jurić', email: 'petra.juric@gmail.com', phoneNumber: '385998765432', birthDate: '1992-09-30' },
    ]);
  });

  it('Google Contacts, "Outlook CSV": Mobile Phone over Home Phone; 28/7/1981 makes the whole file day-first', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('google-outlook-csv.csv'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@gmail.com', phoneNumber: '385912345678', birthDate: '1985-12-04' },
      { firstName: 'Marko', lastName: 'Kovač', email: 'marko.kovac@gmail.com', phoneNumber: '385987654321', birthDate: '1981-07-28' },
    ]);
  });

  it('Outlook / Microsoft 365: M/D/YYYY in the US, national numbers, 0/0/00 as no birthday, Categories as tags', async () => {
    const { result, contacts } = await importInto('United States', fixture('outlook.csv'));
    expect(result).toEqual({ created: 3, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'tags'])).toEqual([
      { firstName: 'John', lastName: 'Carter', email: 'john.carter@outlook.com', phoneNumber: '14155550134', birthDate: '1990-12-03', gender: 'MALE', tags: 'Regulars' },
      { firstName: 'Mary', lastName: 'Lopez', email: 'mary.lopez@outlook.com', phoneNumber: '14155550177', birthDate: '1984-07-24', gender: 'FEMALE', tags: '' },
      { firstName: 'Tom', lastName: 'Nguyen', email: 'tom.nguyen@outlook.com', phoneNumber: '14155550199', birthDate: null, gender: 'NOT_SPECIFIED', tags: '' },
    ]);
  });

  it('Mailchimp audience: Birthday 04/12 (no year) is left out; a full date field imports, with quoted tags', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('mailchimp.csv'));
    expect(result).toEqual({ created: 3, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(stored(contacts, ['firstName', 'email', 'phoneNumber', 'birthDate', 'tags'])).toEqual([
      { firstName: 'Ana', email: 'ana.horvat@example.com', phoneNumber: '385987654321', birthDate: null, tags: 'VIP' },
      { firstName: 'Ivo', email: 'ivo.maric@example.com', phoneNumber: '385981112233', birthDate: '1987-05-19', tags: '' },
      { firstName: 'Lea', email: 'lea.novak@example.com', phoneNumber: '385984445566', birthDate: '1990-11-02', tags: 'Regulars,Newsletter' },
    ]);
  });

  it('Square Customers: brackets, dots and dashes in numbers; 0000-03-21 has no year and is left out', async () => {
    const { result, contacts } = await importInto('United States', fixture('square-customers.csv'));
    expect(result).toEqual({ created: 3, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Olivia', lastName: 'Brown', email: 'olivia.brown@example.com', phoneNumber: '14155550142', birthDate: '1988-06-15' },
      { firstName: 'Liam', lastName: 'Smith', email: 'liam.smith@example.com', phoneNumber: '14155550143', birthDate: null },
      { firstName: 'Noah', lastName: 'Davis', email: 'noah.davis@example.com', phoneNumber: '14155550144', birthDate: '1975-12-01' },
    ]);
  });

  it('HubSpot contacts: Mobile Phone Number first, else Phone Number', async () => {
    const { result, contacts } = await importInto('United States', fixture('hubspot-contacts.csv'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Emma', lastName: 'Wilson', email: 'emma.wilson@example.com', phoneNumber: '12125550181', birthDate: '1986-02-27' },
      { firstName: 'James', lastName: 'Taylor', email: 'james.taylor@example.com', phoneNumber: '12125550102', birthDate: '1979-03-14' },
    ]);
  });

  it('an Excel sheet with Name, Surname, E-mail, Mobile, DOB, Sex: day-first dates, month names, serials, genders in any case', async () => {
    const { result, contacts } = await importInto('United Kingdom', fixture('excel-common.csv'));
    expect(result).toMatchObject({ created: 4, rejectedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate', 'gender'])).toEqual([
      { firstName: 'Sophie', lastName: 'Turner', phoneNumber: '447911123123', birthDate: '1991-04-03', gender: 'FEMALE' },
      { firstName: 'Oliver', lastName: 'Hughes', phoneNumber: '447911123456', birthDate: '1983-12-25', gender: 'MALE' },
      { firstName: 'Amelia', lastName: 'Clarke', phoneNumber: '447911123789', birthDate: '1990-05-01', gender: 'FEMALE' },
      { firstName: 'Harry', lastName: 'Wood', phoneNumber: '447911123321', birthDate: '1990-01-07', gender: 'NOT_SPECIFIED' },
    ]);
  });

  it('one Full name column is split (last word as last name), a single name is a first name; Cell, Date of birth with month names', async () => {
    const { result, contacts } = await importInto('United Kingdom', fixture('excel-common-2.csv'));
    expect(result).toEqual({ created: 3, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate'])).toEqual([
      { firstName: 'Grace', lastName: 'Hall', phoneNumber: '447911123111', birthDate: '1985-04-12' },
      { firstName: 'Mary Ann', lastName: 'Lee', phoneNumber: '447911123222', birthDate: '1979-04-03' },
      { firstName: 'Madonna', lastName: '', phoneNumber: '447911123333', birthDate: '1958-08-16' },
    ]);
  });

  it('an .xlsx workbook with date cells and numbers as numbers', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['First name', 'Surname', 'E-mail', 'Cell', 'Date of birth', 'Sex'],
        ['Ella', 'Price', 'ella.price@example.co.uk', 447911123654, new Date(Date.UTC(1993, 5, 9)), 'f'],
      ],
      { cellDates: true, UTC: true },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Customers');
    const { result, contacts } = await importInto('United Kingdom', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(result).toMatchObject({ created: 1, rejectedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate', 'gender'])).toEqual([
      { firstName: 'Ella', lastName: 'Price', phoneNumber: '447911123654', birthDate: '1993-06-09', gender: 'FEMALE' },
    ]);
  });
});

describe('vCard', () => {
  it('vCard 3 (Apple Contacts): N, FN when N is empty, the cell number, BDAY; a birthday without its year is left out', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('contacts-v3.vcf'));
    expect(result).toEqual({ created: 3, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'tags'])).toEqual([
      { firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@icloud.com', phoneNumber: '385912345678', birthDate: '1985-04-12', tags: 'Regulars' },
      { firstName: 'Marko', lastName: 'Kovač', email: 'marko.kovac@icloud.com', phoneNumber: '385987654321', birthDate: null, tags: '' },
      { firstName: 'Ivana', lastName: 'Babić', email: 'ivana.babic@icloud.com', phoneNumber: '385912345679', birthDate: '1990-11-03', tags: '' },
    ]);
  });

  it('vCard 4 (Android): tel: URIs, TYPE="voice,cell", BDAY as 19790214 and --0930, GENDER', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('contacts-v4.vcf'));
    expect(result).toEqual({ created: 2, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate', 'gender'])).toEqual([
      { firstName: 'Luka', lastName: 'Perić', phoneNumber: '385951234567', birthDate: '1979-02-14', gender: 'MALE' },
      { firstName: 'Petra', lastName: 'Jurić', phoneNumber: '385998765432', birthDate: null, gender: 'FEMALE' },
    ]);
  });

  it('vCard 2.1 (older Android exports): bare TYPE parameters and quoted-printable names', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('contacts-v21-android.vcf'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Marko', lastName: 'Kovač', email: 'marko.kovac@example.com', phoneNumber: '385987654321', birthDate: '1981-07-28' },
      { firstName: 'Ivana', lastName: 'Babić', email: 'ivana.babic@example.com', phoneNumber: '385912345679', birthDate: '1990-11-03' },
    ]);
  });

  it('a broken vCard is refused whole', async () => {
    expectError(await send(await businessIn('Croatia'), 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\n'), 400, 'The file could not be read. Import a .csv (UTF-8), .xls, .xlsx or .vcf file.');
  });
});

/** A stored contact in short: first and last name, email, phone number, birth date, gender, tags. */
type Row = [string, string, string | null, string | null, string | null, Contact['gender'], string];
const rows = (contacts: Contact[]): Row[] =>
  contacts.map((c) => [c.firstName, c.lastName, c.email, c.phoneNumber, c.birthDate, c.gender, c.tags]);
const NS = 'NOT_SPECIFIED' as const;
const brokenCard = 'This contact card could not be read (it is damaged or not finished); the other cards were imported.';

/**
 * Files written as their programs write them (fixtures made from each format's published
 * description): each imports into a business of the country its numbers are written in.
 */
const programFiles: Array<{
  file: string;
  country: string;
  what: string;
  contacts: Row[];
  rejected?: ImportContactsResult['rejected'];
  warned?: ImportContactsResult['warned'];
}> = [
  {
    file: 'vcard21-quoted-printable.vcf',
    country: 'Germany',
    what: 'vCard 2.1: quoted-printable names with soft line breaks, =0D=0A in LABEL and NOTE, CHARSET=ISO-8859-1, an unknown X- property',
    contacts: [
      ['Jürgen', 'Schneider-Hohenzollern', 'juergen@example.de', '4915123456789', '1979-03-21', NS, ''],
      ['Renée', 'Weiß', null, '491609876543', null, NS, ''],
    ],
  },
  {
    file: 'vcard21-windows-1252.vcf',
    country: 'France',
    what: 'vCard 2.1 in Windows-1252 bytes without CHARSET (Outlook, Windows Address Book)',
    contacts: [
      ['Thérèse', 'Lefèvre', 'therese.lefevre@example.fr', '33612345678', null, NS, ''],
      ['François', 'Müller', 'francois.muller@example.fr', '33123456789', null, NS, ''],
    ],
  },
  {
    file: 'vcard30-apple-photo.vcf',
    country: 'Ireland',
    what: 'vCard 3 from Apple Contacts: grouped item1.EMAIL, folded PHOTO;ENCODING=b and PHOTO;BASE64 blocks skipped, a birthday without its year left out',
    contacts: [
      ['Siobhán', "O'Brien", 'siobhan@example.ie', '353851234567', null, NS, ''],
      ['Ciarán', 'Murphy', null, '353877654321', '1988-02-29', NS, ''],
    ],
  },
  {
    file: 'vcard21-photo-block.vcf',
    country: 'Poland',
    what: 'vCard 2.1 with an unfolded BASE64 photo ended by a blank line (Outlook 2003, Nokia PC Suite)',
    contacts: [
      ['Anna', 'Kowalczyk', 'anna.kowalczyk@example.pl', '48512345678', null, NS, ''],
      ['Piotr', 'Nowak', null, '48601234567', null, NS, ''],
    ],
  },
  {
    file: 'vcard30-cr-cr-lf.vcf',
    country: 'Italy',
    what: 'vCard 3 with CR CR LF line ends',
    contacts: [
      ['Giulia', 'Rossi', 'giulia.rossi@example.it', '393123456789', '1991-06-02', NS, ''],
      ['Marco', 'Bianchi', null, '393471234567', null, NS, ''],
    ],
  },
  {
    file: 'vcard30-bare-cr.vcf',
    country: 'Italy',
    what: 'vCard 3 with bare CR line ends (classic Mac OS)',
    contacts: [
      ['Giulia', 'Russo', 'giulia.russo@example.it', '393123456790', '1991-06-02', NS, ''],
      ['Marco', 'Bianchi', null, '393471234568', null, NS, ''],
    ],
  },
  {
    file: 'vcard30-utf16le-bom.vcf',
    country: 'Norway',
    what: 'vCard 3 in UTF-16 little-endian with a byte-order mark',
    contacts: [
      ['Søren', 'Jensen', 'soren.jensen@example.no', '4741234567', null, NS, ''],
      ['Åse', 'Hansen', null, '4792233444', null, NS, ''],
    ],
  },
  {
    file: 'vcard30-utf16be-no-bom.vcf',
    country: 'Norway',
    what: 'vCard 3 in UTF-16 big-endian without a byte-order mark',
    contacts: [
      ['Sören', 'Jensen', 'soren.jensen2@example.no', '4741234568', null, NS, ''],
      ['Åse', 'Hansen', null, '4792233445', null, NS, ''],
    ],
  },
  {
    file: 'vcard-one-broken-card.vcf',
    country: 'Spain',
    what: 'vCards, one never ended and one with a line that is no property: the others import, the broken ones are named by place',
    contacts: [
      ['Lucía', 'García', 'lucia.garcia@example.es', '34612345678', null, NS, ''],
      ['Elena', 'Martín', null, '34634567890', null, NS, ''],
      ['Marta', 'Fernández', null, '34656789012', null, 'FEMALE', ''],
    ],
    rejected: [
      { row: 2, reasons: [brokenCard] },
      { row: 4, reasons: [brokenCard] },
    ],
  },
  {
    file: 'thunderbird.csv',
    country: 'Croatia',
    what: 'Thunderbird: Primary and Secondary Email, Mobile Number, Display Name, Birth Year + Birth Month + Birth Day (no year: no date)',
    contacts: [
      ['Katarina', 'Novak', 'kata.novak@example.hr', '385912345678', '1984-05-17', NS, ''],
      ['Tomislav', 'Babić', 'tomislav.babic@example.hr', '38514567890', null, NS, ''],
      ['Iva', 'Kralj', 'iva.kralj@example.hr', null, null, NS, ''],
    ],
  },
  ...['thunderbird-de.csv', 'thunderbird-de-1252.csv'].map((file) => ({
    file,
    country: 'Germany',
    what: `Thunderbird in German (${file.includes('1252') ? 'Windows-1252' : 'UTF-8'}): Primäre and Sekundäre E-Mail-Adresse, Mobiltelefon, Geburtsjahr + Geburtsmonat + Geburtstag; a placeholder number and an 1899 birthday are left out, not the contact`,
    contacts: [
      ['Jürgen', 'Größer', 'juergen.groesser@example.de', '4915123456789', '1979-03-21', NS, ''],
      ['Änne', 'Weiß', 'aenne.weiss@example.de', null, null, NS, ''],
      ['Björn', 'Maier', 'bjoern.maier@example.de', null, null, NS, ''],
    ] satisfies Row[],
    warned: [
      {
        row: 4,
        warnings: [
          'Not imported: Phone number is not a valid number in Germany, nor with a country code (such as 01512 3456789 or +49 1512 3456789).',
          `Not imported: ${validationMessages.birthDateRange}`,
        ],
      },
    ],
  })),
  {
    file: 'geschlecht-de.csv',
    country: 'Germany',
    what: 'A German list with Geschlecht: w, männlich, weiblich, m, d read in German; a word that is none is left out, not the contact',
    contacts: [
      ['Anna', 'Schmidt', 'anna.schmidt@example.de', '4915111111111', null, 'FEMALE', ''],
      ['Bernd', 'Schulz', 'bernd.schulz@example.de', '4915122222222', null, 'MALE', ''],
      ['Clara', 'Klein', 'clara.klein@example.de', '4915133333333', null, 'FEMALE', ''],
      ['Dieter', 'Wolf', 'dieter.wolf@example.de', '4915144444444', null, 'MALE', ''],
      ['Eli', 'Kaya', 'eli.kaya@example.de', '4915155555555', null, NS, ''],
      ['Fritz', 'Lang', 'fritz.lang@example.de', '4915166666666', null, NS, ''],
    ],
    warned: [{ row: 7, warnings: ['Not imported: Gender must be one of: Male, Female, Not specified'] }],
  },
  {
    file: 'sexo-es.csv',
    country: 'Spain',
    what: 'A Spanish list with Sexo: M is mujer, H hombre',
    contacts: [
      ['Lucía', 'García', 'lucia.garcia@example.es', '34612345678', null, 'FEMALE', ''],
      ['Javier', 'López', 'javier.lopez@example.es', '34612345679', null, 'MALE', ''],
    ],
  },
  {
    file: 'vcard21-names-in-fn-or-n-suffix.vcf',
    country: 'Poland',
    what: 'vCard 2.1: a quoted-printable N folded across lines, a name only in FN, a name only in N’s last part',
    contacts: [
      ['Zofia Maria', 'Kowalska-Wiśniewska', null, '48501234567', null, NS, ''],
      ['Łukasz', 'Nowak', null, '48501234568', null, NS, ''],
      ['Jörg', '', null, '4915123456780', null, NS, ''],
    ],
  },
  {
    file: 'windows-live-mail.csv',
    country: 'United Kingdom',
    what: 'Windows Live Mail (Windows-1252): Name split when First and Last Name are empty, Mobile Phone over Home Phone',
    contacts: [
      ['Oliver', 'Bennett', 'oliver.bennett@example.co.uk', '447911123457', null, NS, ''],
      ['Priya', 'Shah', null, '447911123458', null, NS, ''],
    ],
  },
  {
    file: 'outlook-express.csv',
    country: 'United States',
    what: 'Outlook Express: Name, E-mail Address, Home or Business Phone; a single name is a first name',
    contacts: [
      ['Grace', 'Miller', 'grace.miller@example.com', '12125550143', null, NS, ''],
      ['Daniel', 'Kim', null, '12125550177', null, NS, ''],
      ['Cher', '', 'cher@example.com', null, null, NS, ''],
    ],
  },
  {
    file: 'outlook-de.csv',
    country: 'Germany',
    what: 'Outlook in German (Windows-1252): Vorname, Nachname, Mobiltelefon, Geburtstag 21.3.1979 and 0.0.00, E-Mail 2: Adresse, Geschlecht, Kategorien',
    contacts: [
      ['Jürgen', 'Schneider-Hohenzollern', 'juergen@example.de', '4915123456789', '1979-03-21', 'MALE', 'Stammkunden'],
      ['Petra', 'Wagner', null, '49301234567', null, 'FEMALE', ''],
      ['Lukas', 'Becker', 'lukas.becker@example.de', null, null, NS, ''],
    ],
  },
  {
    file: 'outlook-fr.csv',
    country: 'France',
    what: 'Outlook in French: Prénom, Nom, Tél. mobile, Anniversaire, Adresse de messagerie, Sexe, Catégories',
    contacts: [
      ['Thérèse', 'Lefèvre', 'therese.lefevre@example.fr', '33612345678', '1979-03-21', 'FEMALE', 'Fidèles'],
      ['François', 'Müller', null, '33123456789', '1990-11-05', 'MALE', ''],
    ],
  },
  {
    file: 'outlook-es.csv',
    country: 'Spain',
    what: 'Outlook in Spanish (a business in Spain, numbers with +34 too): Nombre, Apellidos, Teléfono móvil, Cumpleaños, Sexo',
    contacts: [
      ['Lucía', 'García Pérez', 'lucia.garcia@example.es', '34612345678', '1985-03-02', 'FEMALE', 'Clientes'],
      ['Javier', 'Núñez', null, '34623456789', null, 'MALE', ''],
    ],
  },
  {
    file: 'outlook-it.csv',
    country: 'Italy',
    what: 'Outlook in Italian (a business in Italy): Nome, Cognome, Cellulare, Telefono abitazione, Compleanno, Sesso',
    contacts: [
      ['Giulia', 'Esposito', 'giulia.esposito@example.it', '393123456789', '1992-02-14', 'FEMALE', ''],
      ['Marco', 'Ricci', null, '390612345678', null, 'MALE', 'VIP'],
    ],
  },
  {
    file: 'outlook-pt.csv',
    country: 'Portugal',
    what: 'Outlook in Portuguese: Nome, Apelido, Telemóvel, Telefone residencial, Aniversário, Endereço de email, Sexo',
    contacts: [
      ['João', 'Gonçalves', 'joao.goncalves@example.pt', '351912345678', '1977-09-30', 'MALE', ''],
      ['Inês', 'Conceição', null, '351212345678', null, 'FEMALE', ''],
    ],
  },
  {
    file: 'outlook-nl.csv',
    country: 'Netherlands',
    what: 'Outlook in Dutch: Voornaam, Achternaam, Mobiele telefoon, Verjaardag 7-8-1988, Geslacht as the codes 1, 2 and 0',
    contacts: [
      ['Sanne', 'den Berg', 'sanne.vandenberg@example.nl', '31612345678', '1988-08-07', 'FEMALE', ''],
      ['Daan', 'Visser', null, '31201234567', null, 'MALE', ''],
      ['Noor', 'Bakker', 'noor.bakker@example.nl', null, null, NS, ''],
    ],
  },
  {
    file: 'outlook-hr.csv',
    country: 'Croatia',
    what: 'Outlook in Croatian (UTF-8 with a byte-order mark): Ime, Prezime, Mobitel, Rođendan 21.3.1979., Adresa e-pošte, Spol, Kategorije',
    contacts: [
      ['Ivana', 'Babić', 'ivana.babic@example.hr', '385912345678', '1979-03-21', 'FEMALE', ''],
      ['Đuro', 'Kovačević', null, '38512345678', null, 'MALE', 'Stalni'],
    ],
  },
  {
    file: 'google-de.csv',
    country: 'Germany',
    what: 'Google Contacts in German: E-Mail 1 - Wert with " ::: " (the first valid one), Telefon 2 typed Mobil first, system labels not tags',
    contacts: [
      ['Lena', 'Fischer', 'lena.fischer@example.de', '491701234567', '1990-06-15', NS, 'Stammkunden'],
      ['Felix', 'Wolf', null, '491712345678', null, NS, ''],
    ],
  },
  {
    file: 'google-fr.csv',
    country: 'France',
    what: 'Google Contacts in French: Nom de famille, Libellés, Téléphone 1 - Valeur with a label per value ("Domicile ::: Mobile")',
    contacts: [
      ['Camille', 'Dubois', 'camille.dubois@example.fr', '33698765432', '1993-01-08', NS, 'Habitués'],
      ['Hugo', 'Lambert', null, '33781223344', null, NS, ''],
    ],
  },
  {
    file: 'google-es.csv',
    country: 'Spain',
    what: 'Google Contacts in Spanish: Correo electrónico 1 - Valor, Teléfono 1 - Valor, Etiquetas',
    contacts: [
      ['Carmen', 'Ruiz', 'carmen.ruiz@example.es', '34634567890', '1986-12-24', NS, ''],
      ['Pablo', 'Moreno', null, '34645678901', null, NS, 'Vecinos'],
    ],
  },
  {
    file: 'google-it.csv',
    country: 'Italy',
    what: 'Google Contacts in Italian: Email 1 - Valore, Telefono 1 - Valore, Etichette (* starred is not a tag)',
    contacts: [
      ['Chiara', 'Romano', 'chiara.romano@example.it', '393331234567', '1995-04-03', NS, ''],
      ['Luca', 'Colombo', null, '393477654321', null, NS, ''],
    ],
  },
  {
    file: 'google-pt.csv',
    country: 'Portugal',
    what: 'Google Contacts in Portuguese: Sobrenome, E-mail 1 - Valor, Telefone 1 - Valor, Marcadores',
    contacts: [
      ['Beatriz', 'Almeida', 'beatriz.almeida@example.pt', '351913456789', '1989-08-19', NS, ''],
      ['Tiago', 'Ferreira', null, '351926543210', null, NS, ''],
    ],
  },
  {
    file: 'google-nl.csv',
    country: 'Netherlands',
    what: 'Google Contacts in Dutch: E-mailadres 1 - Waarde, Telefoon 1 - Waarde, Labels',
    contacts: [
      ['Eva', 'de Vries', 'eva.devries@example.nl', '31687654321', '1991-10-10', NS, 'Vaste klanten'],
      ['Bram', 'Jansen', null, '31611223344', null, NS, ''],
    ],
  },
  {
    file: 'google-hr.csv',
    country: 'Croatia',
    what: 'Google Contacts in Croatian: E-pošta 1 - Vrijednost, Telefon 1 - Vrijednost, Oznake',
    contacts: [
      ['Marija', 'Horvat', 'marija.horvat@example.hr', '385987654321', '1983-02-11', NS, 'Stalni'],
      ['Ante', 'Jurić', null, '385951234567', null, NS, ''],
    ],
  },
];

describe('files of other programs and in the owner’s language', () => {
  it.each(programFiles)('$file: $what', async ({ file, country, contacts: expected, rejected = [], warned = [] }) => {
    const { result, contacts } = await importInto(country, fixture(file));
    expect(result).toEqual({ created: expected.length, updated: 0, rejected, rejectedCount: rejected.length, warned, warnedCount: warned.length });
    expect(rows(contacts)).toEqual(expected);
  });
});

describe('the mapping step through the API', () => {
  const unknown = ['Kunde,Mail,Handy,Geburtstag,Notiz', 'Anna Schmidt,anna@example.de,0151 12345678,12.04.1988,Stammkundin', 'Ben Okafor,ben@example.de,+49 151 2345 6789,03.11.1975,'].join('\n');

  it('answers missing columns with 400 listing the file’s columns, its first rows and the best guesses', async () => {
    const response = await send(await businessIn('Germany'), unknown);
    expectError(response, 400, "The file has no name (First name, Last name or Name) column. Choose the file's columns for them, or name them in its first row.");
    const details = response.json().details as ImportMappingQuestion;
    expect(details).toEqual({
      columns: ['Kunde', 'Mail', 'Handy', 'Geburtstag', 'Notiz'],
      rows: [
        ['Anna Schmidt', 'anna@example.de', '0151 12345678', '12.04.1988', 'Stammkundin'],
        ['Ben Okafor', 'ben@example.de', '+49 151 2345 6789', '03.11.1975', ''],
      ],
      // German headers are known (Handy, Geburtstag); "Kunde" (customer) is not a name column.
      guesses: { email: 'Mail', phoneNumber: 'Handy', birthDate: 'Geburtstag' },
      dateOrder: { order: 'DMY', decided: false },
    });
  });

  it('imports with `mapping`, a full name split into first and last', async () => {
    const { result, contacts } = await importInto('Germany', unknown, {
      mapping: { fullName: 'Kunde', phoneNumber: 'Handy', birthDate: 'Geburtstag' },
    });
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Anna', lastName: 'Schmidt', email: 'anna@example.de', phoneNumber: '4915112345678', birthDate: '1988-04-12' },
      { firstName: 'Ben', lastName: 'Okafor', email: 'ben@example.de', phoneNumber: '4915123456789', birthDate: '1975-11-03' },
    ]);
  });

  it('refuses a mapping naming a column the file does not have, or a field it does not know', async () => {
    const businessId = await businessIn('Germany');
    expectError(await send(businessId, unknown, { mapping: { fullName: 'Customer' } }), 400, 'The column "Customer" chosen for Full name (split into first and last) is not in the file.');
    expectError(await send(businessId, unknown, { mapping: { nickname: 'Kunde' } }), 400, /^Mapping must name a column/);
  });

  it('a mapping of null leaves a recognised column out', async () => {
    const file = ['First name,Last name,Email,Phone,Birthday,Gender', 'Anna,Schmidt,anna@example.de,0151 12345678,1988-04-12,robot'].join('\n');
    const { contacts } = await importInto('Germany', file, { mapping: { gender: null } });
    expect(contacts.map((contact) => contact.gender)).toEqual(['NOT_SPECIFIED']);
  });

  it('ambiguous D/M/YYYY dates follow the business’s country, or the dateOrder chosen', async () => {
    const file = ['First name,Last name,Email,Phone,Birthday', 'Anna,Schmidt,anna@example.de,+4915112345678,04/05/1990'].join('\n');
    expect((await importInto('Germany', file)).contacts[0]!.birthDate).toBe('1990-05-04');
    expect((await importInto('United States', file)).contacts[0]!.birthDate).toBe('1990-04-05');
    expect((await importInto('Germany', file, { dateOrder: 'MDY' })).contacts[0]!.birthDate).toBe('1990-04-05');
  });
});

describe('the mapping step: optional fields, every phone column, dates it cannot tell', () => {
  const header = 'Kunde,Mail,Phone 1 - Value,Phone 2 - Value,Geburtstag,Gender,Tags';
  const file = [header, 'Anna Schmidt,anna@example.de,0151 12345678,,12.04.1988,f,vip', 'Ben Okafor,,,+49 151 2345 6789,03.11.1975,m,'].join('\n');

  it('"Not in the file" (null) for every optional field imports the contacts without them', async () => {
    const { result, contacts } = await importInto('Germany', file, {
      mapping: { fullName: 'Kunde', email: null, birthDate: null, gender: null, tags: null },
    });
    expect(result).toEqual({ created: 2, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(rows(contacts)).toEqual([
      ['Anna', 'Schmidt', null, '4915112345678', null, NS, ''],
      ['Ben', 'Okafor', null, '4915123456789', null, NS, ''],
    ]);
  });

  it('without any email or phone column the question comes back, saying what is missing', async () => {
    const response = await send(await businessIn('Germany'), file, { mapping: { fullName: 'Kunde', email: null, phoneNumber: null } });
    expectError(response, 400, "The file has no Email or Phone number column. Choose the file's columns for them, or name them in its first row.");
    expect(response.json().details.columns).toEqual(header.split(','));
  });

  it('a phone column chosen in the mapping comes first, and the file’s other phone columns are still read', async () => {
    const { contacts } = await importInto('Germany', file, { mapping: { fullName: 'Kunde', phoneNumber: 'Phone 1 - Value' } });
    expect(contacts.map((contact) => contact.phoneNumber)).toEqual(['4915112345678', '4915123456789']);
  });

  it('asks how to read D/M/YYYY dates when nothing in the file decides and the business has no country', async () => {
    const dates = ['First name,Email,Birthday', 'Anna,anna@example.de,04/05/1990', 'Ben,ben@example.de,1975-11-03'].join('\n');
    const businessId = await businessIn('Testland');
    const response = await send(businessId, dates);
    expectError(response, 400, 'Birth dates such as "04/05/1990" can be read day first or month first, and nothing in the file or the business\'s country says which. Choose how to read them.');
    expect(response.json().details).toMatchObject({ guesses: { firstName: 'First name', email: 'Email', birthDate: 'Birthday' }, dateOrder: { order: 'DMY', decided: false } });
    expect((await send(businessId, dates, { dateOrder: 'MDY' })).json()).toMatchObject({ created: 2 });
    const list = (await owner.get(`/api/contact/get-contacts/${businessId}`)).json() as Contact[];
    expect(list.map((contact) => contact.birthDate)).toEqual(['1990-04-05', '1975-11-03']);
  });

  it('asks how to read two-digit years, then reads them as the latest such year or leaves them out', async () => {
    const dates = ['First name,Email,Birthday', 'Anna,anna@example.de,12.04.85', 'Ben,ben@example.de,3.11.05', 'Cleo,cleo@example.de,0/0/00'].join('\n');
    const response = await send(await businessIn('Germany'), dates);
    expectError(response, 400, 'Birth dates such as "12.04.85" have a two-digit year. Choose how to read them.');
    expect(response.json().details.twoDigitYears).toEqual({ example: '12.04.85' });
    const past = await importInto('Germany', dates, { twoDigitYears: 'PAST' });
    expect(past.contacts.map((contact) => contact.birthDate)).toEqual(['1985-04-12', '2005-11-03', null]);
    const skipped = await importInto('Germany', dates, { twoDigitYears: 'SKIP' });
    expect(skipped.contacts.map((contact) => contact.birthDate)).toEqual([null, null, null]);
  });
});

describe('a row finds its contact', () => {
  it('by email, else (without one) by phone number however it is written; what a row lacks keeps its value', async () => {
    const businessId = await businessIn('Germany');
    const first = ['First name,Last name,Email,Phone,Birthday,Tags', 'Anna,Schmidt,anna@example.de,+49 151 12345678,1988-04-12,vip', 'Ben,Okafor,,0151 23456789,,'].join('\n');
    expect((await send(businessId, first)).json()).toEqual({ created: 2, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    const again = ['First name,Last name,Email,Phone,Birthday,Tags', 'Anne,,,0151 12345678,,', 'Benjamin,Okafor,,+49 (151) 2345-6789,1975-11-03,', 'Cleo,,,0151 34567890,,'].join('\n');
    expect((await send(businessId, again)).json()).toEqual({ created: 1, updated: 2, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    const list = (await owner.get(`/api/contact/get-contacts/${businessId}`)).json() as Contact[];
    expect(rows(list)).toEqual([
      // Found by phone: the new first name; the last name, email and birth date it did not bring are kept; an empty Tags cell empties the tags.
      ['Anne', 'Schmidt', 'anna@example.de', '4915112345678', '1988-04-12', NS, ''],
      ['Benjamin', 'Okafor', null, '4915123456789', '1975-11-03', NS, ''],
      ['Cleo', '', null, '4915134567890', null, NS, ''],
    ]);
  });

  it('rows without an email and with the same phone number: the first wins, the others are named', async () => {
    const file = ['First name,Phone', 'Anna,0151 12345678', 'Anne,+49 151 12345678', 'Ben,0151 23456789'].join('\n');
    const { result } = await importInto('Germany', file);
    expect(result).toEqual({
      created: 2,
      updated: 0,
      rejected: [{ row: 3, reasons: ['Phone number appears more than once in this file without an email (first in row 2)'] }],
      rejectedCount: 1,
      warned: [],
      warnedCount: 0,
    });
  });

  it('a number written with + and a country code is never read again as a national one', async () => {
    // One digit short: before, it became 49491512345678 (the +49 read as part of a national number).
    const { result, contacts } = await importInto('Germany', ['First name,Email,Phone', 'Anna,anna@example.de,+49 (151) 234 56 78'].join('\n'));
    expect(result.warned).toEqual([{ row: 2, warnings: ['Not imported: Phone number is not a valid number in Germany (+49); numbers there look like +49 1512 3456789.'] }]);
    // The contact is kept, reachable by email, without the number.
    expect(contacts.map((contact) => [contact.email, contact.phoneNumber])).toEqual([['anna@example.de', null]]);
  });
});

describe('values as people write them', () => {
  it.each([
    ['1985-04-12', '1985-04-12'],
    ['1985-04-12T00:00:00Z', '1985-04-12'],
    ['19850412', '1985-04-12'],
    ['12.04.1985', '1985-04-12'],
    ['12.04.1985.', '1985-04-12'],
    ['12/4/1985', '1985-04-12'],
    ['12-04-1985', '1985-04-12'],
    ['12 Apr 1985', '1985-04-12'],
    ['12-Apr-1985', '1985-04-12'],
    ['12 April 1985', '1985-04-12'],
    ['Apr 12, 1985', '1985-04-12'],
    ['31149', '1985-04-12'],
  ])('the date %s (day first) is %s', (text, iso) => {
    expect(readDate(text, 'DMY')).toBe(iso);
  });

  it.each(['04/12', '--04-12', '--0412', '0000-04-12', '12.04.', '12 Apr', 'Apr 12'])('%s has no year', (text) => {
    expect(readDate(text, 'DMY')).toEqual({ missingYear: true });
  });

  it('an Excel serial number cell and a date cell', () => {
    expect(readDate(31149, 'DMY')).toBe('1985-04-12');
    expect(readDate(new Date(Date.UTC(1985, 3, 12)), 'MDY')).toBe('1985-04-12');
  });

  it('the order of D/M/YYYY is decided per file by a value that can only be read one way', () => {
    expect(fileDateOrder(['04/05/1990', '13/05/1990'], 'US')).toEqual({ order: 'DMY', decided: true, ambiguous: true });
    expect(fileDateOrder(['04/05/1990', '05/13/1990'], 'DE')).toEqual({ order: 'MDY', decided: true, ambiguous: true });
    expect(fileDateOrder(['04/05/1990'], 'US')).toEqual({ order: 'MDY', decided: false, ambiguous: true });
    expect(fileDateOrder(['04/04/1990', '1990-05-13'], 'US')).toEqual({ order: 'MDY', decided: false, ambiguous: false });
    expect(fileDateOrder(['04/05/1990', '13/05/1990', '05/13/1990'], 'DE')).toEqual({ order: 'DMY', decided: false, ambiguous: true });
  });

  it('phones with +, spaces, dashes, dots and brackets are stored as digits; genders in any case', async () => {
    const rows = [
      ['+49 151 1234-5678', 'MALE'],
      ['(0151) 123.456.79', 'woman'],
      ['0049 151 12345680', 'Other'],
      ['+49-151-123-456-81', 'UNKNOWN'],
      ['0151/12345682', ''],
      ['+49.151.1234.5683', 'm'],
    ];
    const file = ['First name,Last name,Email,Phone number,Birth date,Gender', ...rows.map(([phone, gender], i) => `A,B,p${i}@example.de,${phone},1990-01-01,${gender}`)].join('\n');
    const { result, contacts } = await importInto('Germany', file);
    expect(result).toMatchObject({ created: 6, rejectedCount: 0 });
    expect(contacts.map((contact) => [contact.phoneNumber, contact.gender])).toEqual([
      ['4915112345678', 'MALE'],
      ['4915112345679', 'FEMALE'],
      ['4915112345680', 'NOT_SPECIFIED'],
      ['4915112345681', 'NOT_SPECIFIED'],
      ['4915112345682', 'NOT_SPECIFIED'],
      ['4915112345683', 'MALE'],
    ]);
  });
});
