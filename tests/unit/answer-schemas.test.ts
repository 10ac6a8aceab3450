import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { ApiKey } from '#domain/api-keys';
import type { Automation } from '#domain/automation';
import type { Business } from '#domain/businesses';
import type { Campaign, CampaignSenders } from '#domain/campaign-schemas';
import type { Connector } from '#domain/connectors';
import type { Contact } from '#domain/contacts';
import type { CampaignDetails } from '#domain/delivery';
import type { ContactFilter, ContactFilterCount } from '#domain/filters';
import type { Suppression } from '#domain/suppressions';
import type { WebhookDelivery, WebhookEndpoint } from '#domain/webhooks';
import { apiKeyAnswer } from '../../server/api-keys/schemas';
import { automationAnswer } from '../../server/automation/schemas';
import { businessAnswer } from '../../server/businesses/schemas';
import { campaignAnswer, campaignDetailsAnswer, sendersAnswer } from '../../server/campaigns/schemas';
import { connectorAnswer } from '../../server/connectors/schemas';
import { contactFilterAnswer, contactFilterCountAnswer } from '../../server/contact-filters/schemas';
import { contactAnswer } from '../../server/contacts/schemas';
import { suppressionAnswer } from '../../server/suppressions/schemas';
import { webhookDeliveryAnswer, webhookEndpointAnswer } from '../../server/webhooks/schemas';
import { campaign, campaignDetails, contact, senders } from '../support/records';

/** A type as one object (an intersection and the object it makes are one shape). */
type Shape<T> = { [K in keyof T]: T[K] };
type Answer<S extends z.ZodMiniType> = Shape<z.output<S>>;

/**
 * Each answer's schema (what the server checks its answers against and documents) and the type
 * the browser reads it as are one shape: a difference fails the typecheck here. The screen tests'
 * fixtures are answers too: each parses.
 */
describe('answers', () => {
  it('have the types the browser reads them as', () => {
    expectTypeOf<Answer<typeof contactAnswer>>().toEqualTypeOf<Shape<Contact>>();
    expectTypeOf<Answer<typeof campaignAnswer>>().toEqualTypeOf<Shape<Campaign>>();
    expectTypeOf<Answer<typeof campaignDetailsAnswer>>().toEqualTypeOf<Shape<CampaignDetails>>();
    expectTypeOf<Answer<typeof sendersAnswer>>().toEqualTypeOf<Shape<CampaignSenders>>();
    expectTypeOf<Answer<typeof contactFilterAnswer>>().toEqualTypeOf<Shape<ContactFilter>>();
    expectTypeOf<Answer<typeof contactFilterCountAnswer>>().toEqualTypeOf<Shape<ContactFilterCount>>();
    expectTypeOf<Answer<typeof businessAnswer>>().toEqualTypeOf<Shape<Business>>();
    expectTypeOf<Answer<typeof automationAnswer>>().toEqualTypeOf<Shape<Automation>>();
    expectTypeOf<Answer<typeof apiKeyAnswer>>().toEqualTypeOf<Shape<ApiKey>>();
    expectTypeOf<Answer<typeof suppressionAnswer>>().toEqualTypeOf<Shape<Suppression>>();
    expectTypeOf<Answer<typeof connectorAnswer>>().toEqualTypeOf<Shape<Connector>>();
    expectTypeOf<Answer<typeof webhookEndpointAnswer>>().toEqualTypeOf<Shape<WebhookEndpoint>>();
    expectTypeOf<Answer<typeof webhookDeliveryAnswer>>().toEqualTypeOf<Shape<WebhookDelivery>>();
  });

  it("the screen tests' fixtures are answers the server could give", () => {
    expect(() => contactAnswer.parse(contact(1, 'Anna'))).not.toThrow();
    expect(() => campaignAnswer.parse(campaign(1))).not.toThrow();
    expect(() => campaignDetailsAnswer.parse(campaignDetails())).not.toThrow();
    expect(() => sendersAnswer.parse(senders())).not.toThrow();
  });
});
