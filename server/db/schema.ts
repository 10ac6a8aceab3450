import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from '#domain/campaign-status';
import { DEFAULT_REVIEW_REQUEST_CAP_DAYS, type ReviewSite } from '#domain/businesses';
import { CONTACT_STATUSES, GENDERS } from '#domain/contacts';
import { REVIEW_EVENT_KINDS } from '#domain/reviews';
import { BOUNCE_KINDS, DELIVERY_STATES } from '#domain/delivery';
import { SMS_WINDOW } from '#domain/sms-window';
import { CONTACT_EVENT_KINDS, LIFTABLE_REASONS, SUPPRESSION_REASONS } from '#domain/suppressions';
import { FILTER_ATTRIBUTE_KEYS, FILTER_OPERATORS } from '#domain/filters';
import { AUTOMATION_CHANNELS, AUTOMATION_DELAY_MINUTES, VISIT_SOURCES } from '#domain/automation';
import { CONNECTOR_PROVIDERS } from '#domain/connectors';
import { WEBHOOK_DELIVERY_STATES } from '#domain/webhooks';

/** SQL `in (...)` list of fixed, known values (never request data). */
const sqlList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', '));

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

/** A "forgot password" link: single use, short-lived, stored only as a hash of its token. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
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
    // Where the review page behind ${reviewLink} sends customers, in the order it shows them.
    reviewSites: jsonb('review_sites').$type<ReviewSite[]>().notNull().default([]),
    // A contact gets at most one review request of this business per this many days; 0: no cap.
    reviewRequestCapDays: integer('review_request_cap_days').notNull().default(DEFAULT_REVIEW_REQUEST_CAP_DAYS),
    // ISO 3166 region phone numbers without a country code are read in; null: only international ones.
    region: text('region'),
    // Countries (ISO 3166) whose mobile numbers are texted when nobody of the business typed them (check-in page, visits API, connectors); none: the region's.
    textCountries: text('text_countries').array().notNull().default(sql`'{}'::text[]`),
    // IANA name; text messages leave only inside the SMS window of this zone's local time.
    timeZone: text('time_zone').notNull().default('UTC'),
    smsWindowStart: text('sms_window_start').notNull().default(SMS_WINDOW.start),
    smsWindowEnd: text('sms_window_end').notNull().default(SMS_WINDOW.end),
    // Campaign emails and owner alerts are from this name at MAIL_FROM's address; null: the business's name.
    senderName: text('sender_name'),
    // Where replies to campaign emails go; null: the owner's email.
    replyTo: text('reply_to'),
    createdAt: createdAt(),
    /**
     * Bumped once by every transaction that changes, adds or deletes a contact of this business as
     * the list shows it (triggers of migration 0010): the contacts list's validator and delta base.
     */
    contactsRevision: bigint('contacts_revision', { mode: 'number' }).notNull().default(0),
    // The counter's check-in page is /k/{checkInSlug}: random, so pages cannot be enumerated.
    checkInSlug: text('check_in_slug').notNull().default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 12)`),
  },
  (t) => [index('businesses_owner_idx').on(t.ownerId), uniqueIndex('businesses_check_in_slug_key').on(t.checkInSlug)],
);

/** A customer of one business; an email appears at most once per business, whatever its case. */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    // A missing name part is '' (an import may bring only one); the others are null when missing:
    // a contact needs a name and an email or a phone number, nothing more.
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    birthDate: date('birth_date'),
    gender: text('gender', { enum: GENDERS }).notNull(),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('ACTIVE'),
    // The spec's comma-joined string, kept as the API sends it.
    tags: text('tags').notNull().default(''),
    lastVisited: timestamp('last_visited', { withTimezone: true }),
    // Why the stored number cannot be read as an international one (contacts from before numbers
    // were read with the business's country); such a contact gets no text messages.
    phoneProblem: text('phone_problem'),
    createdAt: createdAt(),
    /**
     * The contact as the API sends it, compact JSON kept by the `contacts_api_json` trigger
     * (migration 0002): the 100,000-row list is then one ordered string_agg, not JSON building.
     */
    apiJson: text('api_json'),
    /** The business's contacts revision of the transaction that last changed `api_json` (migration 0010). */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // A delta reads the rows changed since a revision from this index.
    index('contacts_business_revision_idx').on(t.businessId, t.revision),
    uniqueIndex('contacts_business_email_lower_key').on(t.businessId, sql`lower(${t.email})`),
    // An imported row without an email finds its contact by phone number (international digits).
    index('contacts_business_phone_idx').on(t.businessId, t.phoneNumber),
    // The list reads a business's rows in id order straight from this index.
    index('contacts_business_id_idx').on(t.businessId, t.id),
    // The opt-out check of every written phone number: an unsubscribed contact's number is opted out.
    index('contacts_unsubscribed_phone_idx').on(t.businessId, t.phoneNumber).where(sql`${t.status} = 'UNSUBSCRIBED'`),
    check('contacts_gender_check', sql`${t.gender} in (${sqlList(GENDERS)})`),
    check('contacts_status_check', sql`${t.status} in (${sqlList(CONTACT_STATUSES)})`),
  ],
);

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
    attribute: text('attribute', { enum: FILTER_ATTRIBUTE_KEYS }).notNull(),
    operator: text('operator', { enum: FILTER_OPERATORS }).notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('contact_filter_items_filter_position_key').on(t.contactFilterId, t.position),
    check('contact_filter_items_attribute_check', sql`${t.attribute} in (${sqlList(FILTER_ATTRIBUTE_KEYS)})`),
    check('contact_filter_items_operator_check', sql`${t.operator} in (${sqlList(FILTER_OPERATORS)})`),
  ],
);

/**
 * A message to a filter's contacts; names are unique in the business, whatever their case. Or, with
 * `automation`, the sending of a business's review automation by one channel: no filter, never shown
 * as a campaign, running while the automation is on; its deliveries are added one per visit.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    // Null only for an automation's campaign.
    contactFilterId: integer('contact_filter_id'),
    name: text('name').notNull(),
    type: text('type', { enum: CAMPAIGN_TYPES }).notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('CREATED'),
    // CREATED: the scheduled start (null for a draft); afterwards: when it started.
    startTime: timestamp('start_time', { withTimezone: true }),
    interval: integer('interval').notNull(),
    intervalSize: integer('interval_size').notNull(),
    sendAllAtOnce: boolean('send_all_at_once').notNull().default(true),
    subject: text('subject'),
    messageBody: text('message_body').notNull(),
    failureReason: text('failure_reason'),
    // The one reminder: to recipients who have not opened their review page this many days after the first message.
    followUpAfterDays: integer('follow_up_after_days'),
    followUpSubject: text('follow_up_subject'),
    followUpBody: text('follow_up_body'),
    // When the reminder's recipients were fixed (null: not yet, or no reminder).
    followUpQueuedAt: timestamp('follow_up_queued_at', { withTimezone: true }),
    // Lane runs in a row that ended in an error not of one recipient; reset by a lane that sends.
    laneFailures: integer('lane_failures').notNull().default(0),
    // The review automation's sending by `type` (see above); its messages come from review_automations.
    automation: boolean('automation').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaigns_business_name_lower_key').on(t.businessId, sql`lower(${t.name})`).where(sql`not ${t.automation}`),
    // One automation campaign per business and channel.
    uniqueIndex('campaigns_automation_key').on(t.businessId, t.type).where(sql`${t.automation}`),
    index('campaigns_contact_filter_idx').on(t.contactFilterId),
    // A filter in use cannot be deleted. NO ACTION rather than RESTRICT: it is checked at the end of
    // the statement, so deleting a business (or its owner) removes its campaigns and filters together.
    foreignKey({
      name: 'campaigns_contact_filter_fk',
      columns: [t.contactFilterId, t.businessId],
      foreignColumns: [contactFilters.id, contactFilters.businessId],
    }).onDelete('no action'),
    check('campaigns_type_check', sql`${t.type} in (${sqlList(CAMPAIGN_TYPES)})`),
    check('campaigns_status_check', sql`${t.status} in (${sqlList(CAMPAIGN_STATUSES)})`),
    check('campaigns_interval_check', sql`${t.interval} > 0 and ${t.intervalSize} > 0`),
    check('campaigns_email_subject_check', sql`${t.type} <> 'EMAIL' or ${t.subject} is not null`),
    check('campaigns_follow_up_check', sql`(${t.followUpAfterDays} is null) = (${t.followUpBody} is null)`),
    check('campaigns_contact_filter_check', sql`${t.automation} or ${t.contactFilterId} is not null`),
  ],
);

/**
 * A business's review automation (one at most): after each visit of a contact, one review request
 * `delay_minutes` later by the channel its setting picks, with the message rendered then; and an
 * optional reminder. Its requests are deliveries of its campaigns (`campaigns.automation`).
 */
export const reviewAutomations = pgTable(
  'review_automations',
  {
    businessId: integer('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    // "Minutes" of AUTOMATION_MINUTE_MS.
    delayMinutes: integer('delay_minutes').notNull().default(AUTOMATION_DELAY_MINUTES.default),
    channel: text('channel', { enum: AUTOMATION_CHANNELS }).notNull(),
    // Null when no email may be sent.
    subject: text('subject'),
    messageBody: text('message_body').notNull(),
    reminderAfterDays: integer('reminder_after_days'),
    reminderSubject: text('reminder_subject'),
    reminderBody: text('reminder_body'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('review_automations_channel_check', sql`${t.channel} in (${sqlList(AUTOMATION_CHANNELS)})`),
    check('review_automations_delay_check', sql`${t.delayMinutes} between ${sql.raw(String(AUTOMATION_DELAY_MINUTES.min))} and ${sql.raw(String(AUTOMATION_DELAY_MINUTES.max))}`),
    check('review_automations_reminder_check', sql`(${t.reminderAfterDays} is null) = (${t.reminderBody} is null)`),
  ],
);

/**
 * A visit of a contact while the business's review automation was on, from a check-in (or, later,
 * the API, a connected system, the counter's page): its request is the delivery with its visit_id,
 * due at `due_at`; or `skip_reason` says why nothing was asked.
 */
export const visits = pgTable(
  'visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    // Null once the contact is deleted: the line stays in the log, without the name.
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: VISIT_SOURCES }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    skipReason: text('skip_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // The log reads a business's newest visits from it.
    index('visits_business_visited_idx').on(t.businessId, t.visitedAt, t.id),
    index('visits_contact_idx').on(t.contactId),
    check('visits_source_check', sql`${t.source} in (${sqlList(VISIT_SOURCES)})`),
    check('visits_outcome_check', sql`(${t.dueAt} is null) <> (${t.skipReason} is null)`),
  ],
);

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
    // Null once the contact is deleted; the row stays (its address and message erased, see
    // server/sending/erase.ts), so the campaign's counts stay whole.
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    address: text('address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // When the last attempt was claimed; a 'sending' row older than the lease belongs to a dead worker.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    providerId: text('provider_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Random and stored (not derived), so a link cannot be guessed from ids. A random UUID whose
    // first 24 bits count minutes (98 random bits left): a campaign's tokens sit together in the
    // unique index (see newReviewToken).
    unsubscribeToken: uuid('unsubscribe_token')
      .notNull()
      .default(sql`(lpad(to_hex((floor(extract(epoch from clock_timestamp()) / 60))::bigint % 16777216), 6, '0') || substr(gen_random_uuid()::text, 7))::uuid`),
    // The first message of a review request: the token of its /r/{token} review page (a reminder reuses it).
    reviewToken: text('review_token'),
    // The campaign's reminder rather than its first message.
    followUp: boolean('follow_up').notNull().default(false),
    // Text messages: how many parts the body is sent as (GSM-7 or UCS-2).
    segments: integer('segments'),
    // Emails: 'hard' | 'soft' bounce or 'complaint', read from the provider's report (VERP token).
    bounce: text('bounce', { enum: BOUNCE_KINDS }),
    // An automation's request (and its reminder): the visit it follows. A contact may visit again.
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    // Once the contact is erased: opt_out_hash() of the address (per business, never the address),
    // so an unsubscribe, STOP, complaint or bounce that arrives later is still recorded for it.
    addressHash: text('address_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    // A campaign sends each address once (and its reminder once); an automation once per visit.
    uniqueIndex('deliveries_campaign_address_key').on(t.campaignId, t.followUp, t.address).where(sql`${t.visitId} is null`),
    uniqueIndex('deliveries_visit_key').on(t.visitId, t.followUp).where(sql`${t.visitId} is not null`),
    // Contact first: deleting contacts finds their deliveries (to set contact_id null) through it,
    // and the review-request cap a contact's last request.
    uniqueIndex('deliveries_contact_campaign_key').on(t.contactId, t.campaignId, t.followUp, sql`coalesce(${t.visitId}, 0)`),
    // The reminder sweep finds an automation's first messages sent a while ago.
    index('deliveries_visit_sent_idx').on(t.campaignId, t.sentAt).where(sql`${t.visitId} is not null and not ${t.followUp}`),
    // Claims read a campaign's due rows in this order; counts per state read it alone.
    index('deliveries_claim_idx').on(t.campaignId, t.state, t.nextAttemptAt, t.id),
    index('deliveries_provider_id_idx').on(t.providerId),
    // A bounce that names only its recipient finds the email sent to that address around its time.
    index('deliveries_address_sent_idx').on(sql`lower(${t.address})`, t.sentAt),
    uniqueIndex('deliveries_unsubscribe_token_key').on(t.unsubscribeToken),
    uniqueIndex('deliveries_review_token_key').on(t.reviewToken),
    // A STOP from a number finds the businesses that texted it before erasing the contact.
    index('deliveries_address_hash_idx').on(t.addressHash).where(sql`${t.addressHash} is not null`),
    check('deliveries_bounce_check', sql`${t.bounce} in (${sqlList(BOUNCE_KINDS)})`),
    check('deliveries_state_check', sql`${t.state} in (${sqlList(DELIVERY_STATES)})`),
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
  // Text messages held outside the business's SMS window: when it next opens (null while sending).
  smsWindowOpensAt: timestamp('sms_window_opens_at', { withTimezone: true }),
});

/**
 * Contact imports, kept in the database so every web process sees them: a running one (not
 * finished, lease not run out) holds its business, and a user's recent ones count for the rate
 * limit. A process that dies mid-import stops renewing the lease, which frees the business.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('contact_imports_running_key').on(t.businessId).where(sql`${t.finishedAt} is null`),
    index('contact_imports_user_started_idx').on(t.userId, t.startedAt),
  ],
);

/**
 * What happened on a review page: a visit, a click on a site button (site_name as it was then), a
 * star chosen (on the page or by an email's star link) or private feedback (with its rating). Every
 * event is kept for the history; counts take each recipient once, and their rating is their last
 * choice. Automated ones (link scanners, previews, HEAD, right after sending) are kept apart and never count.
 */
export const reviewEvents = pgTable(
  'review_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    // Copied from the delivery so the dashboard reads one table by business and time.
    campaignId: integer('campaign_id').notNull(),
    businessId: integer('business_id').notNull(),
    kind: text('kind', { enum: REVIEW_EVENT_KINDS }).notNull(),
    automated: boolean('automated').notNull().default(false),
    siteName: text('site_name'),
    rating: integer('rating'),
    message: text('message'),
    // Low-rated feedback's email to the owner: 'pending', 'sent', 'outbox' (no SMTP configured) or 'failed';
    // null when none was due (a good rating, or the owner was already alerted about this link that day).
    ownerAlert: text('owner_alert'),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_events_delivery_idx').on(t.deliveryId, t.kind),
    index('review_events_campaign_idx').on(t.campaignId, t.kind),
    index('review_events_business_created_idx').on(t.businessId, t.createdAt),
    check('review_events_kind_check', sql`${t.kind} in (${sqlList(REVIEW_EVENT_KINDS)})`),
    check('review_events_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/**
 * Addresses a business does not send to (one list per business): an email address that bounced
 * hard, complained or unsubscribed, a phone number that replied STOP or that the carrier says will
 * never work. `address` is the lower-case email or the number's international digits.
 */
export const suppressions = pgTable(
  'suppressions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: CAMPAIGN_TYPES }).notNull(),
    address: text('address').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    // What proves it: the report's message id, the provider's error code.
    evidence: text('evidence'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('suppressions_business_channel_address_key').on(t.businessId, t.channel, t.address),
    check('suppressions_channel_check', sql`${t.channel} in (${sqlList(CAMPAIGN_TYPES)})`),
    check('suppressions_reason_check', sql`${t.reason} in (${sqlList(SUPPRESSION_REASONS)})`),
  ],
);

/** What happened to a contact's addresses besides messages: opt-outs, opt-ins, bounces, complaints, lifts. */
export const contactEvents = pgTable(
  'contact_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: CAMPAIGN_TYPES }).notNull(),
    address: text('address').notNull(),
    kind: text('kind', { enum: CONTACT_EVENT_KINDS }).notNull(),
    // Where it came from, in words: "SMS reply STOP", "Bounce report (5.1.1)", "Twilio error 21610".
    source: text('source').notNull(),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_events_contact_idx').on(t.contactId),
    index('contact_events_business_address_idx').on(t.businessId, t.channel, t.address, t.id),
    check('contact_events_kind_check', sql`${t.kind} in (${sqlList(CONTACT_EVENT_KINDS)})`),
  ],
);

/** Data changes done once in code after the SQL migrations (reading phone numbers needs libphonenumber). */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A deleted contact's id and the revision that deleted it, so a list delta can say it is gone (migration 0010). */
export const contactTombstones = pgTable(
  'contact_tombstones',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    contactId: integer('contact_id').notNull(),
  },
  (t) => [primaryKey({ name: 'contact_tombstones_pkey', columns: [t.businessId, t.revision, t.contactId] })],
);

/**
 * What an erased address keeps of its opt-outs and suppressions: a SHA-256 of the normalised email
 * or phone number, per business, never the address itself, so a deleted contact who said STOP,
 * unsubscribed or complained (also after the deletion) and is later imported or added again starts
 * UNSUBSCRIBED, and a bounced address is suppressed again (server/contacts/opt-out-hashes.ts).
 */
export const optOutHashes = pgTable(
  'opt_out_hashes',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    // An opt-out (unsubscribed, STOP, complaint) makes a contact with the address UNSUBSCRIBED; a hard
    // bounce or an invalid number puts the address back on the suppression list (migration opt_out_integrity).
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull().default('unsubscribed'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'opt_out_hashes_pkey', columns: [t.businessId, t.addressHash] }),
    check('opt_out_hashes_reason_check', sql`${t.reason} in (${sqlList(SUPPRESSION_REASONS)})`),
    // Whether a business has kept suppressions to restore, without reading its opt-outs (most hashes).
    index('opt_out_hashes_suppressed_idx').on(t.businessId).where(sql`${t.reason} in (${sqlList(LIFTABLE_REASONS)})`),
  ],
);

/**
 * Bounce, complaint and provider reports already counted, by what names each one (its Message-ID,
 * the delivery + status + Arrival-Date of a DSN, a provider's event id, a Mailgun signature
 * token): a report posted again (a provider's retry) is recognised and counts once.
 */
export const inboundReports = pgTable(
  'inbound_reports',
  {
    key: text('key').primaryKey(),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    // Keys only needed for a while (a Mailgun token, refused when stale anyway) go after this.
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // Deleting a campaign's deliveries deletes their reports through it.
    index('inbound_reports_delivery_idx').on(t.deliveryId),
    index('inbound_reports_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * Rate-limit counts of every web process (sign-in, sign-up, password reset): one row per client
 * and route, counting hits until its window ends. Ended windows are swept now and then.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** A check-in page's form token that checked a customer in: it works once (kept until it would have expired anyway). */
export const usedFormTokens = pgTable(
  'used_form_tokens',
  {
    token: text('token').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_form_tokens_expires_idx').on(t.expiresAt)],
);

/** A secret other systems use to post visits (`Authorization: Bearer sb_live_…`); only its SHA-256 is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Hex SHA-256 of the whole secret: a key is found by it, never by the secret itself.
    secretHash: text('secret_hash').notNull(),
    // The secret's first characters, shown so an owner can tell keys apart.
    secretPrefix: text('secret_prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_key').on(t.secretHash), index('api_keys_business_idx').on(t.businessId)],
);

/**
 * A visit posted through the API, by its Idempotency-Key or externalId: a retried call answers what
 * the first one answered and records nothing again.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    // 'key:' + the Idempotency-Key header, or 'external:' + the visit's externalId.
    key: text('key').notNull(),
    statusCode: integer('status_code').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'api_idempotency_pkey', columns: [t.businessId, t.key] }), index('api_idempotency_created_idx').on(t.createdAt)],
);

/** A connected point-of-sale or shop that posts its payments or orders as visits, with the secret its signatures use. */
export const connectors = pgTable(
  'connectors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: CONNECTOR_PROVIDERS }).notNull(),
    // The provider's signing secret (Square's signature key, Stripe's whsec_, Shopify's app secret):
    // needed as it is to check each post's HMAC.
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('connectors_business_provider_key').on(t.businessId, t.provider),
    check('connectors_provider_check', sql`${t.provider} in (${sqlList(CONNECTOR_PROVIDERS)})`),
  ],
);

/** A connected system's event already taken (its event id): a retried post records nothing again. */
export const connectorEvents = pgTable(
  'connector_events',
  {
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    // What became of it, in words: "visit of Ana Horvat", "ignored: no email or phone".
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'connector_events_pkey', columns: [t.connectorId, t.eventId] })],
);

/** A customer's consent given on the counter's check-in page: when, and the words they were shown. */
export const contactConsents = pgTable(
  'contact_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    // Deleting the contact erases its consents with it.
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_consents_contact_idx').on(t.contactId), index('contact_consents_business_idx').on(t.businessId)],
);

/** An owner's URL that receives the business's events, signed as Standard Webhooks says. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    // whsec_ + base64 of the signing key.
    secret: text('secret').notNull(),
    // The event types it receives.
    events: jsonb('events').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_business_idx').on(t.businessId)],
);

/** One event sent (or being retried) to one endpoint: the delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').notNull(),
    // The webhook-id header: the same on every attempt, so the receiver can drop repeats.
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    check('webhook_deliveries_state_check', sql`${t.state} in (${sqlList(WEBHOOK_DELIVERY_STATES)})`),
  ],
);
