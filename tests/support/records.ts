import type { Campaign } from '#domain/campaign-schemas';
import type { Contact } from '#domain';

/** Records as the API answers them, for screens rendered against a fixture API. */

export const BUSINESS = { id: 5, name: 'Corner Bakery' };

export function contact(id: number, firstName: string, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    firstName,
    lastName: `Last${id}`,
    email: `${firstName.toLowerCase()}${id}@example.com`,
    phoneNumber: `49151000000${id}`,
    birthDate: '1990-04-12',
    gender: 'FEMALE',
    status: 'ACTIVE',
    tags: '',
    lastVisited: null,
    businessId: BUSINESS.id,
    ...overrides,
  };
}

export function campaign(id: number, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: `Campaign ${id}`,
    type: 'EMAIL',
    status: 'CREATED',
    startTime: null,
    contactFilterName: 'Regulars',
    interval: 1,
    intervalSize: 5,
    subject: 'Hello',
    messageBody: 'Hi',
    businessId: BUSINESS.id,
    contactFilterId: 1,
    sendAllAtOnce: true,
    failureReason: null,
    followUp: null,
    waitingFor: null,
    counts: { recipients: 0, sent: 0, failed: 0, outbox: 0 },
    ...overrides,
  };
}
