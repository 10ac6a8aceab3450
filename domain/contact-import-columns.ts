import type { ContactFields, Gender } from './contact-fields';

/**
 * The contacts import's columns and the one table of headers it recognises, shared by the server
 * (which reads files with it) and the browser (whose mapping step names the same fields).
 */

export type ImportColumnKey = keyof ContactFields;
export type ImportColumn = {
  key: ImportColumnKey;
  /** The header the example file uses. */
  header: string;
  /** One value per example row. */
  examples: readonly string[];
};

/**
 * The import file's columns: read by the importer and written into the example files. A row needs
 * a first or last name and an email or phone number; the rest may be empty.
 */
export const CONTACT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'firstName', header: 'First name', examples: ['Anna', 'Ben', 'Chloé'] },
  { key: 'lastName', header: 'Last name', examples: ['Schmidt', 'Okafor', 'Martin'] },
  { key: 'email', header: 'Email', examples: ['anna.schmidt@example.com', 'ben.okafor@example.com', ''] },
  { key: 'phoneNumber', header: 'Phone number', examples: ['+49 151 12345678', '', '+33 6 12 34 56 78'] },
  { key: 'birthDate', header: 'Birth date', examples: ['1988-04-12', '', '1996-07-28'] },
  { key: 'gender', header: 'Gender', examples: ['Female', 'Male', 'Not specified'] },
  { key: 'tags', header: 'Tags', examples: ['vip,newsletter', 'regular', ''] },
];

/** What a file's column can be imported as: a contact field, or one name split into first and last. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'fullName', 'email', 'phoneNumber', 'birthDate', 'gender', 'tags'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Thunderbird's birthday in three columns (Birth Year, Birth Month, Birth Day), read as one date. */
export type BirthDatePart = 'birthYear' | 'birthMonth';

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (split into first and last)',
  email: 'Email',
  phoneNumber: 'Phone number',
  birthDate: 'Birth date',
  gender: 'Gender',
  tags: 'Tags',
};

/** Google's numbered pairs in the export's language: `Phone 1 - Value` typed by `Phone 1 - Type` (or Label). */
export const NUMBERED_HEADER_WORDS = {
  email: ['E-mail', 'Email', 'E-Mail', 'Adresse e-mail', 'Correo electrónico', 'E-mailadres', 'E-pošta'],
  phoneNumber: ['Phone', 'Telefon', 'Téléphone', 'Teléfono', 'Telefono', 'Telefone', 'Telefoon'],
  value: ['Value', 'Wert', 'Valeur', 'Valor', 'Valore', 'Waarde', 'Vrijednost'],
  label: ['Type', 'Label', 'Typ', 'Libellé', 'Tipo', 'Etiqueta', 'Etichetta', 'Rótulo', 'Soort', 'Vrsta', 'Oznaka'],
} as const;

const numbered = (bases: readonly string[]) =>
  [1, 2, 3, 4, 5].flatMap((n) => bases.flatMap((base) => NUMBERED_HEADER_WORDS.value.map((value) => `${base} ${n} - ${value}`)));
/** "E-mail 2 Address" and the like: the second and third of a kind. */
const second = (headers: readonly string[]) => [2, 3].flatMap((n) => headers.map((header) => `${header} ${n}`));

/**
 * Every header the importer recognises, per field, best first: where a file has several (Outlook's
 * Mobile Phone and Home Phone), a row takes the first valid one, so the mobile number wins.
 * Google's numbered pairs (`Phone 1 - Value` with `Phone 1 - Type`/`Label`) rank a value first in
 * its row when its type says Mobile. Case, spaces, hyphens, dots and underscores do not matter.
 * Sources: the example file; Google Contacts "Google CSV" (new and old) and "Outlook CSV";
 * Outlook / Microsoft 365; Thunderbird; Windows Live Mail; Outlook Express; Mailchimp audience;
 * Square Customers; HubSpot contacts; vCard (read into the example's headers); headers people
 * write in Excel; and Google's and Outlook's exports in German, French, Spanish, Italian,
 * Portuguese, Dutch and Croatian. Thunderbird's Birth Day is its day of the month: beside Birth
 * Year and Birth Month the three make one date (its header reads as "Birthday", so it is not listed;
 * in German it is Geburtstag beside Geburtsjahr and Geburtsmonat).
 */
export const IMPORT_HEADER_TABLE: Record<ImportField | BirthDatePart, readonly string[]> = {
  firstName: [
    'First name', 'firstName', 'First', 'Given name', 'Forename', 'Given',
    'Vorname', 'Prénom', 'Nombre', 'Nome', 'Voornaam', 'Ime',
  ],
  lastName: [
    'Last name', 'lastName', 'Last', 'Surname', 'Family name', 'Family',
    'Nachname', 'Nom', 'Nom de famille', 'Apellidos', 'Apellido', 'Cognome', 'Sobrenome', 'Apelido', 'Achternaam', 'Prezime',
  ],
  fullName: [
    'Full name', 'fullName', 'Name', 'Display name', 'Contact name', 'Customer name', 'Contact',
    'Anzeigename', "Nom d'affichage", 'Nom complet', 'Nombre completo', 'Nome completo', 'Volledige naam', 'Weergavenaam', 'Puno ime',
  ],
  email: [
    'Email', 'E-mail', 'Email address', 'E-mail Address', 'Mail', 'Primary Email', 'Email 1',
    'E-Mail-Adresse', 'Adresse de messagerie', 'Adresse e-mail', 'Dirección de correo electrónico', 'Correo electrónico',
    'Indirizzo posta elettronica', 'Indirizzo e-mail', 'Endereço de email', 'Endereço de e-mail', 'E-mailadres', 'Adresa e-pošte', 'E-pošta',
    // Thunderbird in German.
    'Primäre E-Mail-Adresse',
    ...numbered(NUMBERED_HEADER_WORDS.email),
    'Secondary Email', 'Sekundäre E-Mail-Adresse',
    ...second(['E-mail', 'E-Mail-Adresse', 'Adresse de messagerie', 'Dirección de correo electrónico', 'Indirizzo posta elettronica', 'Endereço de email', 'E-mailadres', 'Adresa e-pošte']),
    'E-mail 2 Address', 'E-mail 3 Address', 'E-Mail 2: Adresse', 'E-Mail 3: Adresse',
  ],
  phoneNumber: [
    'Mobile Phone Number', 'Mobile Phone', 'Mobile', 'Mobile number', 'Cell', 'Cell phone', 'Cellphone',
    'Mobiltelefon', 'Handy', 'Mobil', 'Téléphone mobile', 'Tél. mobile', 'Portable', 'Teléfono móvil', 'Móvil', 'Celular',
    'Cellulare', 'Telefono cellulare', 'Telefone celular', 'Telemóvel', 'Mobiele telefoon', 'Mobiel', 'Mobitel', 'Mobilni telefon',
    'Phone number', 'phoneNumber', 'Phone', 'Telephone', 'Tel', 'Contact number', 'Primary Phone',
    'Telefon', 'Telefonnummer', 'Haupttelefon', 'Téléphone', 'Téléphone principal', 'Teléfono', 'Teléfono principal',
    'Telefono', 'Telefono principale', 'Telefone', 'Telefone principal', 'Telefoon', 'Telefoonnummer', 'Hoofdtelefoon', 'Broj telefona', 'Glavni telefon',
    ...numbered(NUMBERED_HEADER_WORDS.phoneNumber),
    'Home Phone', 'Home Phone 2', 'Business Phone', 'Business Phone 2', 'Work Phone', 'Other Phone',
    'Telefon privat', 'Telefon privat 2', 'Telefon geschäftlich', 'Telefon geschäftlich 2', 'Weiteres Telefon',
    'Téléphone domicile', 'Téléphone domicile 2', 'Téléphone bureau', 'Téléphone bureau 2', 'Autre téléphone',
    'Teléfono particular', 'Teléfono particular 2', 'Teléfono del trabajo', 'Teléfono del trabajo 2', 'Otro teléfono',
    'Telefono abitazione', 'Telefono abitazione 2', 'Telefono ufficio', 'Telefono ufficio 2', 'Altro telefono',
    'Telefone residencial', 'Telefone residencial 2', 'Telefone comercial', 'Telefone comercial 2', 'Outro telefone',
    'Telefoon thuis', 'Telefoon thuis 2', 'Telefoon op werk', 'Telefoon op werk 2', 'Andere telefoon',
    'Kućni telefon', 'Kućni telefon 2', 'Poslovni telefon', 'Poslovni telefon 2', 'Ostali telefon',
  ],
  birthDate: [
    'Birth date', 'birthDate', 'Date of birth', 'Birthday', 'DOB', 'Birthdate', 'Born',
    'Geburtstag', 'Geburtsdatum', 'Anniversaire', 'Date de naissance', 'Cumpleaños', 'Fecha de nacimiento', 'Compleanno', 'Data di nascita',
    'Aniversário', 'Data de nascimento', 'Verjaardag', 'Geboortedatum', 'Rođendan', 'Datum rođenja',
  ],
  gender: ['Gender', 'Sex', 'Geschlecht', 'Sexe', 'Sexo', 'Sesso', 'Geslacht', 'Spol'],
  tags: [
    'Tags', 'Tag', 'Labels', 'Group Membership', 'Categories',
    'Kategorien', 'Catégories', 'Libellés', 'Categorías', 'Etiquetas', 'Categorie', 'Etichette', 'Categorias', 'Marcadores', 'Categorieën', 'Kategorije', 'Oznake',
  ],
  birthYear: ['Birth Year', 'Geburtsjahr'],
  birthMonth: ['Birth Month', 'Geburtsmonat'],
};

/** Case, spaces, underscores, hyphens and dots do not matter: "First name", "first_name", "FIRSTNAME". */
export const normaliseHeader = (header: string) =>
  header.normalize('NFKC').toLowerCase().replace(/[\s_\-.\uFEFF]+/g, '');

/** Normalised header -> its field and its rank (lower is preferred); the first field naming a header keeps it. */
const fieldByHeader = new Map<string, { field: ImportField | BirthDatePart; rank: number }>();
for (const [field, headers] of Object.entries(IMPORT_HEADER_TABLE) as Array<[ImportField | BirthDatePart, readonly string[]]>) {
  headers.forEach((header, rank) => {
    const name = normaliseHeader(header);
    if (!fieldByHeader.has(name)) fieldByHeader.set(name, { field, rank });
  });
}

/** The field a header names and its rank among that field's headers, or undefined. */
export const importFieldForHeader = (header: string) => fieldByHeader.get(normaliseHeader(header));

/** The owner's choice of a column (its header) per field; null or blank: the field is not imported. */
export type ImportMapping = Partial<Record<ImportField, string | null>>;

/** Day before month (31.12.1990, 31/12/1990) or month before day (12/31/1990). */
export const DATE_ORDERS = ['DMY', 'MDY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DATE_ORDER_LABELS: Record<DateOrder, string> = { DMY: 'Day first (31/12/1990)', MDY: 'Month first (12/31/1990)' };

/** Countries that write month before day; elsewhere D/M/YYYY is read day first. */
const MONTH_FIRST_REGIONS = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'PH', 'FM', 'MH', 'PW', 'BZ']);
export const regionDateOrder = (region: string | null): DateOrder =>
  region && MONTH_FIRST_REGIONS.has(region.toUpperCase()) ? 'MDY' : 'DMY';

/**
 * How years written with two digits (12.04.85) are read: the latest such year not in the future
 * (85 -> 1985, 05 -> 2005), or not at all (the contact is imported without the birth date).
 */
export const TWO_DIGIT_YEARS = ['PAST', 'SKIP'] as const;
export type TwoDigitYears = (typeof TWO_DIGIT_YEARS)[number];
export const TWO_DIGIT_YEAR_LABELS: Record<TwoDigitYears, string> = {
  PAST: 'The latest such year not in the future (85 is 1985, 05 is 2005)',
  SKIP: 'Leave those birth dates out',
};

/** The 400 of an import whose columns or dates the importer cannot tell: what the mapping step shows. */
export type ImportMappingQuestion = {
  /** The file's headers, in order (each cut to 100 characters). */
  columns: string[];
  /** The first rows, as text, one cell per column. */
  rows: string[][];
  /** The importer's best guess per field (a header from `columns`). */
  guesses: ImportMapping;
  /** How D/M/YYYY dates are read: `decided` when a value in the file can only be read one way. */
  dateOrder: { order: DateOrder; decided: boolean };
  /** Present when birth dates have two-digit years: the first one, for the owner to choose how they are read. */
  twoDigitYears?: { example: string };
};

const genderWords: Record<string, Gender> = {
  '': 'NOT_SPECIFIED',
  notspecified: 'NOT_SPECIFIED',
  unspecified: 'NOT_SPECIFIED',
  unknown: 'NOT_SPECIFIED',
  other: 'NOT_SPECIFIED',
  male: 'MALE',
  m: 'MALE',
  man: 'MALE',
  female: 'FEMALE',
  f: 'FEMALE',
  woman: 'FEMALE',
  // Outlook's and Google's exports in the owner's language.
  männlich: 'MALE',
  weiblich: 'FEMALE',
  nichtangegeben: 'NOT_SPECIFIED',
  divers: 'NOT_SPECIFIED',
  homme: 'MALE',
  masculin: 'MALE',
  femme: 'FEMALE',
  féminin: 'FEMALE',
  nonspécifié: 'NOT_SPECIFIED',
  hombre: 'MALE',
  masculino: 'MALE',
  mujer: 'FEMALE',
  femenino: 'FEMALE',
  feminino: 'FEMALE',
  sinespecificar: 'NOT_SPECIFIED',
  maschio: 'MALE',
  uomo: 'MALE',
  femmina: 'FEMALE',
  donna: 'FEMALE',
  nonspecificato: 'NOT_SPECIFIED',
  nãoespecificado: 'NOT_SPECIFIED',
  vrouw: 'FEMALE',
  nietopgegeven: 'NOT_SPECIFIED',
  muško: 'MALE',
  muški: 'MALE',
  žensko: 'FEMALE',
  ženski: 'FEMALE',
  nijenavedeno: 'NOT_SPECIFIED',
  // Outlook writes its Gender field as a code in some exports.
  '0': 'NOT_SPECIFIED',
  '1': 'FEMALE',
  '2': 'MALE',
};

/**
 * Gender letters and words as people write them in a file whose headers are in that language: a
 * German Geschlecht column's w(eiblich), m(ännlich) and d(ivers), a Spanish Sexo column's m (mujer)
 * and h (hombre), a Dutch v (vrouw), a Polish k (kobieta). They override the English letters.
 */
const GENDER_WORDS_BY_LANGUAGE: Record<string, Record<string, Gender>> = {
  de: { w: 'FEMALE', weibl: 'FEMALE', frau: 'FEMALE', m: 'MALE', männl: 'MALE', mann: 'MALE', d: 'NOT_SPECIFIED', x: 'NOT_SPECIFIED' },
  es: { m: 'FEMALE', mujer: 'FEMALE', f: 'FEMALE', h: 'MALE', hombre: 'MALE', v: 'MALE', varón: 'MALE' },
  pt: { f: 'FEMALE', mulher: 'FEMALE', m: 'MALE', homem: 'MALE' },
  fr: { f: 'FEMALE', h: 'MALE', m: 'MALE' },
  it: { f: 'FEMALE', m: 'MALE' },
  nl: { v: 'FEMALE', m: 'MALE', man: 'MALE', x: 'NOT_SPECIFIED' },
  pl: { k: 'FEMALE', kobieta: 'FEMALE', m: 'MALE', mężczyzna: 'MALE' },
  hr: { ž: 'FEMALE', m: 'MALE' },
};

/**
 * Headers only one language writes: which language a file's headers are in (its gender letters
 * are read by it). Spanish and Portuguese share Sexo: their name headers tell them apart.
 */
const LANGUAGE_HEADERS: Record<string, readonly string[]> = {
  de: ['Geschlecht', 'Vorname', 'Nachname', 'Geburtstag', 'Geburtsdatum', 'Mobiltelefon', 'Handy'],
  es: ['Nombre', 'Apellidos', 'Apellido', 'Teléfono', 'Teléfono móvil', 'Correo electrónico', 'Fecha de nacimiento'],
  pt: ['Nome', 'Sobrenome', 'Apelido', 'Telefone', 'Telemóvel', 'Celular', 'Data de nascimento'],
  fr: ['Sexe', 'Prénom', 'Nom', 'Nom de famille', 'Téléphone', 'Portable', 'Date de naissance'],
  it: ['Sesso', 'Cognome', 'Telefono', 'Cellulare', 'Data di nascita'],
  nl: ['Geslacht', 'Voornaam', 'Achternaam', 'Telefoon', 'Mobiel', 'Geboortedatum'],
  pl: ['Płeć', 'Imię', 'Nazwisko', 'Telefon komórkowy', 'Data urodzenia'],
  hr: ['Spol', 'Ime', 'Prezime', 'Mobitel', 'Datum rođenja'],
};
const languageByHeader = new Map<string, string>();
for (const [language, headers] of Object.entries(LANGUAGE_HEADERS)) for (const header of headers) languageByHeader.set(normaliseHeader(header), language);

/** The language most of a file's headers are written in, or null (English, or nothing to tell). */
export function headerLanguage(headers: readonly string[]): string | null {
  const votes = new Map<string, number>();
  for (const header of headers) {
    const language = languageByHeader.get(normaliseHeader(header));
    if (language) votes.set(language, (votes.get(language) ?? 0) + 1);
  }
  return [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * Imports are lenient about gender: labels or codes in any case (Outlook's 0, 1 and 2 too), letters
 * by the language of the file's headers, and a blank or missing value means NOT_SPECIFIED.
 * Anything else is passed on for the rule to refuse (an import leaves it out with a warning).
 */
export function importGender(value: string | undefined, language: string | null = null): string {
  const word = normaliseHeader(value ?? '');
  return (language && GENDER_WORDS_BY_LANGUAGE[language]?.[word]) || genderWords[word] || value!.trim();
}
