import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DELIVERY_STATES } from '../../src/domain/delivery';

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
    // Where the ${reviewLink} of a campaign message points.
    reviewLink: text('review_link'),
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

/** SQL `in (...)` list of fixed, known values (never request data). */
const sqlList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', '));

export const FILTER_ATTRIBUTE_VALUES = [
  'firstName', 'lastName', 'email', 'phoneNumber', 'tags', 'birthDate', 'lastVisited', 'gender',
] as const;
export const FILTER_OPERATOR_VALUES = [
  'BEGINS_WITH', 'ENDS_WITH', 'CONTAINS', 'DOES_NOT_CONTAIN',
  'LESS_THAN', 'LESS_THAN_EQUALS', 'GREATER_THAN', 'GREATER_THAN_EQUALS',
  'EQUALS', 'NOT_EQUALS',
] as const;

/** A saved recipient segment of one business; names are unique in the business, whatever their case. */
export const contactFilters = pgTable(
  'contact_filters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contact_filters_business_name_lower_key').on(t.businessId, sql`lower(${t.name})`),
    // Target of campaigns' (contact_filter_id, business_id) key: a campaign's filter is of its own business.
    unique('contact_filters_id_business_key').on(t.id, t.businessId),
  ],
);

/** One condition of a filter; conditions are ANDed, `position` keeps the order they were entered in. */
export const contactFilterItems = pgTable(
  'contact_filter_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactFilterId: integer('contact_filter_id')
      .notNull()
      .references(() => contactFilters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    attribute: text('attribute', { enum: FILTER_ATTRIBUTE_VALUES }).notNull(),
    operator: text('operator', { enum: FILTER_OPERATOR_VALUES }).notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('contact_filter_items_filter_position_key').on(t.contactFilterId, t.position),
    check('contact_filter_items_attribute_check', sql`${t.attribute} in (${sqlList(FILTER_ATTRIBUTE_VALUES)})`),
    check('contact_filter_items_operator_check', sql`${t.operator} in (${sqlList(FILTER_OPERATOR_VALUES)})`),
  ],
);

export const CAMPAIGN_TYPE_VALUES = ['SMS', 'EMAIL'] as const;
export const CAMPAIGN_STATUS_VALUES = ['CREATED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED'] as const;

/** A message to a filter's contacts; names are unique in the business, whatever their case. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    contactFilterId: integer('contact_filter_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: CAMPAIGN_TYPE_VALUES }).notNull(),
    status: text('status', { enum: CAMPAIGN_STATUS_VALUES }).notNull().default('CREATED'),
    // CREATED: the scheduled start (null for a draft); afterwards: when it started.
    startTime: timestamp('start_time', { withTimezone: true }),
    interval: integer('interval').notNull(),
    intervalSize: integer('interval_size').notNull(),
    sendAllAtOnce: boolean('send_all_at_once').notNull().default(true),
    subject: text('subject'),
    messageBody: text('message_body').notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaigns_business_name_lower_key').on(t.businessId, sql`lower(${t.name})`),
    index('campaigns_contact_filter_idx').on(t.contactFilterId),
    // A filter in use cannot be deleted. NO ACTION rather than RESTRICT: it is checked at the end of
    // the statement, so deleting a business (or its owner) removes its campaigns and filters together.
    foreignKey({
      name: 'campaigns_contact_filter_fk',
      columns: [t.contactFilterId, t.businessId],
      foreignColumns: [contactFilters.id, contactFilters.businessId],
    }).onDelete('no action'),
    check('campaigns_type_check', sql`${t.type} in (${sqlList(CAMPAIGN_TYPE_VALUES)})`),
    check('campaigns_status_check', sql`${t.status} in (${sqlList(CAMPAIGN_STATUS_VALUES)})`),
    check('campaigns_interval_check', sql`${t.interval} > 0 and ${t.intervalSize} > 0`),
    check('campaigns_email_subject_check', sql`${t.type} <> 'EMAIL' or ${t.subject} is not null`),
  ],
);

export const DELIVERY_STATE_VALUES = DELIVERY_STATES;

/**
 * One recipient of a started campaign, fixed when it starts, with the message rendered then.
 * queued (maybe waiting for a retry at next_attempt_at) -> sending (claimed by a worker) -> sent
 * (accepted by the provider) -> delivered | failed; or canceled, skipped (unsubscribed before
 * sending), outbox (no channel configured: stored, not delivered).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    // Kept (as null) when the contact is deleted later: the campaign's history stays whole.
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    address: text('address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    state: text('state', { enum: DELIVERY_STATE_VALUES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // When the last attempt was claimed; a 'sending' row older than the lease belongs to a dead worker.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    providerId: text('provider_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Random and stored (not derived), so a link cannot be guessed from ids.
    unsubscribeToken: uuid('unsubscribe_token').notNull().defaultRandom(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deliveries_campaign_address_key').on(t.campaignId, t.address),
    // Contact first: deleting contacts finds their deliveries (to set contact_id null) through it.
    uniqueIndex('deliveries_contact_campaign_key').on(t.contactId, t.campaignId),
    // Claims read a campaign's due rows in this order; counts per state read it alone.
    index('deliveries_claim_idx').on(t.campaignId, t.state, t.nextAttemptAt, t.id),
    index('deliveries_provider_id_idx').on(t.providerId),
    uniqueIndex('deliveries_unsubscribe_token_key').on(t.unsubscribeToken),
    check('deliveries_state_check', sql`${t.state} in (${sqlList(DELIVERY_STATE_VALUES)})`),
  ],
);

/**
 * A started campaign's sending state: its recipients are fixed once this row exists. For a paced
 * campaign, the current batch window: it closes at window_ends_at with window_allowance sends left.
 */
export const campaignRuns = pgTable('campaign_runs', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  recipientsFixedAt: timestamp('recipients_fixed_at', { withTimezone: true }).notNull().defaultNow(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
  windowAllowance: integer('window_allowance').notNull().default(0),
});
