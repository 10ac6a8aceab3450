import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { Business, BusinessPayload } from '#domain/businesses';
import { campaignSchema, campaignSendersSchema } from '#domain/campaign-schemas';
import { contactAnswerSchema, type Contact, type ContactFields } from '#domain/contacts';
import { campaignDetailsSchema, recipientDeliverySchema } from '#domain/delivery';
import type { ContactFilter, FilterCondition } from '#domain/filters';
import * as records from '../support/records';

/**
 * Each answer's schema is in the domain: the server checks its answers against it and names it in
 * the OpenAPI document, and the browser's type is inferred from it, so the two cannot differ. What
 * is left to check: the screen tests' fixtures are answers the server could give, and the answers
 * carry the fields of the forms that save them.
 */

type Builder = { [K in keyof typeof records]: (typeof records)[K] extends (...args: never[]) => unknown ? K : never }[keyof typeof records];

/** Every fixture builder of tests/support/records.ts, with the domain schema of the answer it stands for. */
const fixtures: Record<Builder, { schema: z.ZodMiniType; build: () => unknown[] }> = {
  contact: {
    schema: contactAnswerSchema,
    build: () => [records.contact(1, 'Anna'), records.contact(2, 'Ben', { email: null, birthDate: null, tags: 'vip,regular', lastVisited: '2026-05-01T10:00:00.000Z' })],
  },
  campaign: {
    schema: campaignSchema,
    build: () => [
      records.campaign(1),
      records.campaign(2, { type: 'SMS', subject: null, status: 'IN_PROGRESS', startTime: '2026-05-01T10:00:00.000Z', followUp: { afterDays: 3, messageBody: 'Still time: ${reviewLink}', subject: null } }),
    ],
  },
  senders: { schema: campaignSendersSchema, build: () => [records.senders(), records.senders({ sms: null, smsSetupRequest: 'Set SMS_FROM.' })] },
  recipientDelivery: { schema: recipientDeliverySchema, build: () => [records.recipientDelivery(1), records.recipientDelivery(2, { state: 'failed', error: 'no route', bounce: 'hard' })] },
  campaignDetails: { schema: campaignDetailsSchema, build: () => [records.campaignDetails()] },
};

describe('answers', () => {
  it("the screen tests' fixtures are answers the server could give (every builder, nothing beyond the answer)", () => {
    const builders = Object.keys(records).filter((name) => typeof records[name as keyof typeof records] === 'function');
    expect(Object.keys(fixtures).sort()).toEqual(builders.sort());
    for (const [name, { schema, build }] of Object.entries(fixtures)) {
      for (const record of build()) expect(schema.parse(record), name).toEqual(record);
    }
  });

  // Checked by the typecheck (expectTypeOf does nothing when the test runs).
  it('a business, a contact and a filter carry the fields their forms save', () => {
    // A business is what its form saves, with its id.
    expectTypeOf<Shape<Omit<Business, 'id'>>>().toEqualTypeOf<Shape<BusinessPayload>>();
    // A contact's stored fields (the import's columns name the same), with its id, status, last visit and business.
    expectTypeOf<Shape<Omit<Contact, 'id' | 'status' | 'lastVisited' | 'businessId'>>>().toEqualTypeOf<Shape<ContactFields>>();
    // A saved filter's conditions are those its form checks.
    expectTypeOf<ContactFilter['items'][number]>().toEqualTypeOf<FilterCondition>();
  });
});

/** A type as one object (an intersection and the object it makes are one shape). */
type Shape<T> = { [K in keyof T]: T[K] };
