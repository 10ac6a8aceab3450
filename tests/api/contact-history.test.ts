import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactHistory, Suppression } from '#domain';
import { suppressions } from '../../server/db/schema';
import { addContacts, createFilter, finishedCampaign, launchCampaign, signedInOwner, startDeliveryApp, type DeliveryApp, type Owner } from '../support/delivery-app';
import { expectError, expectFieldError } from './helpers';

let deliveryApp: DeliveryApp;
let owner: Owner;

beforeAll(async () => {
  deliveryApp = await startDeliveryApp();
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(() => deliveryApp?.close());

const contactsOf = async () => (await owner.client.get(`/api/contact/get-contacts/${owner.businessId}`)).json() as Contact[];
const form = (contact: Contact, overrides: Record<string, unknown> = {}) => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email,
  phoneNumber: contact.phoneNumber,
  birthDate: contact.birthDate,
  gender: contact.gender,
  tags: contact.tags,
  businessId: owner.businessId,
  ...overrides,
});

describe("a contact's history and the suppression list", () => {
  it('lists the messages sent and the suppressions; an owner lifts a hard bounce but not a STOP', async () => {
    const [id] = await addContacts(deliveryApp.app, owner.businessId, 1);
    const [contact] = (await contactsOf()).filter((c) => c.id === id);
    const launched = await launchCampaign(owner, await createFilter(owner), { name: 'Spring thanks', messageBody: 'Hi ${firstName}!' });
    await finishedCampaign(owner, launched.id);
    await deliveryApp.app.db.insert(suppressions).values([
      { businessId: owner.businessId, channel: 'EMAIL', address: contact!.email!.toLowerCase(), reason: 'hard_bounce', evidence: '<m1@x>' },
      { businessId: owner.businessId, channel: 'SMS', address: contact!.phoneNumber!, reason: 'stop', evidence: 'SMS reply STOP' },
    ]);

    const history = (await owner.client.get(`/api/contact/get-contact-history/${owner.businessId}/${id}`)).json() as ContactHistory;
    expect(history.items).toEqual([
      expect.objectContaining({ type: 'message', campaignName: 'Spring thanks', channel: 'EMAIL', state: 'outbox', error: null }),
    ]);
    expect(history.suppressions.map((s) => [s.channel, s.reason])).toEqual(expect.arrayContaining([['EMAIL', 'hard_bounce'], ['SMS', 'stop']]));

    const listed = (await owner.client.get(`/api/suppression/get-suppressions/${owner.businessId}`)).json() as Suppression[];
    const bounce = listed.find((s) => s.reason === 'hard_bounce')!;
    const stop = listed.find((s) => s.reason === 'stop')!;
    expectError(
      await owner.client.delete(`/api/suppression/lift-suppression/${owner.businessId}/${stop.id}`),
      409,
      'Only the contact can undo a STOP or a complaint (by replying START, or by subscribing again).',
    );
    expect((await owner.client.delete(`/api/suppression/lift-suppression/${owner.businessId}/${bounce.id}`)).statusCode).toBe(204);
    const after = (await owner.client.get(`/api/contact/get-contact-history/${owner.businessId}/${id}`)).json() as ContactHistory;
    expect(after.suppressions.map((s) => s.reason)).toEqual(['stop']);
    expect(after.items[0]).toMatchObject({ type: 'event', kind: 'lifted', channel: 'EMAIL', source: 'Lifted by the owner' });
  });

  it("update-contact changes the fields with the create form's rules", async () => {
    const [first, second] = await addContacts(deliveryApp.app, owner.businessId, 2, (i) => ({ email: `twin${i}.${Date.now()}@example.com` }));
    const all = await contactsOf();
    const contact = all.find((c) => c.id === first)!;
    const other = all.find((c) => c.id === second)!;
    const url = `/api/contact/update-contact/${contact.id}`;

    const updated = await owner.client.put(url, form(contact, { firstName: 'Renamed', phoneNumber: '015112345678', tags: 'vip, new' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: contact.id, firstName: 'Renamed', phoneNumber: '4915112345678', tags: 'vip,new' });
    expect((await contactsOf()).find((c) => c.id === contact.id)).toMatchObject({ firstName: 'Renamed', phoneNumber: '4915112345678' });

    // Its own email (another case) is fine; another contact's is not.
    expect((await owner.client.put(url, form(contact, { email: contact.email!.toUpperCase() }))).statusCode).toBe(200);
    expectError(await owner.client.put(url, form(contact, { email: other.email })), 409, 'A contact with this email address already exists in this business.');
    expectFieldError(await owner.client.put(url, form(contact, { firstName: '' })), 'firstName', 'First name is required');
    expectError(await owner.client.put('/api/contact/update-contact/999999999', form(contact)), 404, 'Contact not found.');
  });
});
