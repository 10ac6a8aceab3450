import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    birthDate: date('birth_date').notNull(),
    phoneNumber: text('phone_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** One sign-in; its refresh tokens rotate, and revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const businesses = pgTable(
  'businesses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    streetName: text('street_name').notNull(),
    streetNumber: text('street_number').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('businesses_owner_idx').on(t.ownerId)],
);

export const GENDER_VALUES = ['MALE', 'FEMALE', 'NOT_SPECIFIED'] as const;
export const CONTACT_STATUS_VALUES = ['ACTIVE', 'UNSUBSCRIBED'] as const;

/** A customer of one business; an email appears at most once per business, whatever its case. */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    birthDate: date('birth_date').notNull(),
    gender: text('gender', { enum: GENDER_VALUES }).notNull(),
    status: text('status', { enum: CONTACT_STATUS_VALUES }).notNull().default('ACTIVE'),
    // The spec's comma-joined string, kept as the API sends it.
    tags: text('tags').notNull().default(''),
    lastVisited: timestamp('last_visited', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The contact as the API sends it, compact JSON kept by the `contacts_api_json` trigger
     * (migration 0002): the 100,000-row list is then one ordered string_agg, not JSON building.
     */
    apiJson: text('api_json'),
  },
  (t) => [
    uniqueIndex('contacts_business_email_lower_key').on(t.businessId, sql`lower(${t.email})`),
    // The list reads a business's rows in id order straight from this index.
    index('contacts_business_id_idx').on(t.businessId, t.id),
    check('contacts_gender_check', sql`${t.gender} in ('MALE', 'FEMALE', 'NOT_SPECIFIED')`),
    check('contacts_status_check', sql`${t.status} in ('ACTIVE', 'UNSUBSCRIBED')`),
  ],
);
