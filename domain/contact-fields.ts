/** A contact's fields: what the contacts rules and the import's columns both name (apart, so neither imports the other). */

export const GENDERS = ['MALE', 'FEMALE', 'NOT_SPECIFIED'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { MALE: 'Male', FEMALE: 'Female', NOT_SPECIFIED: 'Not specified' };

/** A contact's fields as stored: a missing name part is '', a missing email, phone number or birth date null. */
export type ContactFields = {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  gender: Gender;
  /** Comma-joined. */
  tags: string;
};
