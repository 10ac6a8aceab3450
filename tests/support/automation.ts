import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { automationLogLine, type AutomationLogItem, type AutomationSettingsPayload } from '#domain';
import { queryRows } from '../../server/db/client';
import { waitFor, type Owner } from './delivery-app';

/** The review automation's settings of a test: email only, due after 5 "minutes", asking for a review. */
export const automationSettings = (overrides: Partial<AutomationSettingsPayload> = {}): AutomationSettingsPayload => ({
  enabled: true,
  delayMinutes: 5,
  channel: 'EMAIL',
  subject: 'How was your visit, ${firstName}?',
  messageBody: 'Hi ${firstName}, thanks for visiting ${businessName}: ${reviewLink}',
  ...overrides,
});

/** Saves the owner's automation; throws unless the API took it. */
export async function saveAutomation(shop: Owner, settings: AutomationSettingsPayload = automationSettings()) {
  const response = await shop.client.put(`/api/automation/update-automation/${shop.businessId}`, settings);
  if (response.statusCode !== 200) throw new Error(`saving the automation failed: ${response.body}`);
  return response.json();
}

export async function checkIn(shop: Owner, contactIds: number[]) {
  const response = await shop.client.patch('/api/contact/check-in-contacts', { contactIds });
  if (response.statusCode !== 200) throw new Error(`check-in failed: ${response.body}`);
  return response.json() as { checkedIn: number };
}

export async function automationLog(shop: Owner): Promise<AutomationLogItem[]> {
  const response = await shop.client.get(`/api/automation/get-automation-log/${shop.businessId}`);
  if (response.statusCode !== 200) throw new Error(`reading the log failed: ${response.body}`);
  return response.json();
}

/** The log's lines as the automation page writes them (times as UTC HH:MM:SS, so a test can compute them). */
export const logLines = async (shop: Owner) => (await automationLog(shop)).map((item) => automationLogLine(item, (iso) => iso.slice(11, 19)));

/** Waits until the log's line for a contact matches. */
export async function logLineOf(shop: Owner, contactName: string, pattern: RegExp, timeoutMs = 30_000) {
  let seen: string[] = [];
  try {
    return await waitFor(
      async () => {
        seen = await logLines(shop);
        return seen.find((line) => line.startsWith(`${contactName} visited`) && pattern.test(line));
      },
      timeoutMs,
      `the log line of ${contactName} to match ${pattern}`,
    );
  } catch (error) {
    // The lines last read say where the request got stuck.
    throw new Error(`${(error as Error).message}; the log read:\n${seen.join('\n') || '(no lines)'}`, { cause: error });
  }
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The automation's requests (and reminders) of a business: the deliveries of its campaigns. */
export function automationRequests(app: FastifyInstance, businessId: number) {
  return queryRows<{ id: number; contactId: number | null; visitId: number | null; type: 'SMS' | 'EMAIL'; address: string; state: string; error: string | null; body: string; subject: string | null; reviewToken: string | null; followUp: boolean; nextAttemptAt: string; sentAt: string | null }>(
    app.db,
    sql`select d.id, d.contact_id as "contactId", d.visit_id as "visitId", c.type, d.address, d.state, d.error, d.body, d.subject,
               d.review_token as "reviewToken", d.follow_up as "followUp",
               ${iso('d.next_attempt_at')} as "nextAttemptAt", ${iso('d.sent_at')} as "sentAt"
        from deliveries d join campaigns c on c.id = d.campaign_id
        where c.business_id = ${businessId} and c.automation
        order by d.id`,
  );
}

/**
 * Waits until the business has `count` automation requests, all in `state`, and returns them.
 * The worker records a send a moment after the SMTP server (or outbox) has the message: tests wait for the record.
 */
export function requestsOnceAll(app: FastifyInstance, businessId: number, state: string, count: number, timeoutMs = 20_000) {
  return waitFor(
    async () => {
      const requests = await automationRequests(app, businessId);
      return requests.length === count && requests.every((request) => request.state === state) ? requests : undefined;
    },
    timeoutMs,
    `${count} request(s) recorded as ${state}`,
  );
}
