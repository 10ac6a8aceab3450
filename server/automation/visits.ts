import { sql } from 'drizzle-orm';
import {
  renderMessage,
  suppressedMessage,
  VISIT_MAX_AGE_MS,
  visitSkipReasons,
  type AutomationChannel,
  type CampaignType,
  type SuppressionReason,
  type TemplateContact,
  type VisitSource,
} from '#domain';
import { smsSegments } from '#domain/sms-segments';
import { textRegions } from '#domain/businesses';
import { textProblem } from '#domain/phone-numbers';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { queryRows, type Db } from '../db/client';
import { contacts } from '../db/schema';
import { hasUsableAddress, recipientAddress, suppressionAddress } from '../sending/addresses';
import { channelSetup } from '../sending/channels';
import { reviewUrl } from '../sending/paths';
import type { DeliveryQueue } from '../sending/queue';
import { newReviewToken } from '../sending/recipients';
import { askedAgo, askedDaysAgo } from '../sending/review-cap';

/** A contact visited their business: what every trigger reports (check-in now; the API, connected systems and the counter's page next). */
export type Visit = {
  businessId: number;
  contactId: number;
  /** When the visit happened; absent: now (the database's clock). */
  visitedAt?: Date;
  source: VisitSource;
};

/** What the automation made of one visit: nothing (off), a request due at `dueAt`, or a skip with its reason. */
export type VisitOutcome = { businessId: number; contactId: number; visitId: number | null; dueAt: Date | null; skipped: string | null };

/** A lane to wake when a request falls due, once the visits' transaction has committed. */
export type AutomationWakeUp = { campaignId: number; dueAt: Date };

export type RecordedVisits = { outcomes: VisitOutcome[]; wakeUps: AutomationWakeUp[] };

type Automation = {
  businessId: number;
  businessName: string;
  /** The countries whose mobile numbers it texts when nobody of the business typed the number. */
  textRegions: readonly string[];
  delayMinutes: number;
  channel: AutomationChannel;
  subject: string | null;
  messageBody: string;
  campaigns: Record<CampaignType, number>;
};

type Facts = TemplateContact & {
  id: number;
  businessId: number;
  active: boolean;
  usable: Record<CampaignType, boolean>;
  address: Record<CampaignType, string | null>;
  suppressed: Record<CampaignType, SuppressionReason | null>;
  phoneProblem: string | null;
  askedDaysAgo: number | null;
  /** A request after an earlier visit is queued or being sent. */
  waiting: boolean;
};

const INSERT_CHUNK = 2000;

/**
 * A visit happened: THE function every trigger calls, inside the transaction of its own writes
 * (the check-in's, an API call's contact upsert...). For each visit it sets the contact's Last
 * visited (never backwards) and, when the business's review automation is on, records the visit
 * and schedules its review request: a delivery of the automation's campaign for the channel its
 * setting picks, rendered now with a review link of its own, due `delayMinutes` after the visit
 * (at once if that has passed). A contact gets no request when unsubscribed, when a request after
 * an earlier visit is still waiting, when asked within the business's cap, or without a usable
 * address for the channels (the log says why). Rows of the contacts are locked by the update, so
 * concurrent visits of one contact are decided one after the other.
 *
 * Call `wakeAutomation` with the answer's wake-ups after the transaction commits; if that never
 * happens (a crash), the workers' sweep sends the requests within DELIVERY_SWEEP_MS of their time.
 */
export async function visitsHappened(tx: Db, visits: readonly Visit[], config: AppConfig): Promise<RecordedVisits> {
  if (visits.length === 0) return { outcomes: [], wakeUps: [] };
  const now = await markLastVisited(tx, visits);
  const automations = await enabledAutomations(tx, [...new Set(visits.map((visit) => visit.businessId))]);
  const off = (visit: Visit): VisitOutcome => ({ businessId: visit.businessId, contactId: visit.contactId, visitId: null, dueAt: null, skipped: null });
  const counted = visits.filter((visit) => automations.has(visit.businessId));
  if (counted.length === 0) return { outcomes: visits.map(off), wakeUps: [] };

  const facts = await contactFacts(tx, [...new Set(counted.map((visit) => visit.contactId))], config.delivery.dayMs);
  const smsDelivers = channelSetup('SMS', config).name === 'twilio';
  const ids = await newVisitIds(tx, counted.length);
  const asked = new Set<number>();
  const rows = counted.map((visit, index) => {
    const automation = automations.get(visit.businessId)!;
    const contact = facts.get(visit.contactId);
    // Callers pass contacts they found in the business; anything else is a bug, not a visit.
    if (contact?.businessId !== visit.businessId) throw new Error(`contact ${visit.contactId} is not in business ${visit.businessId}`);
    const visitedAt = visit.visitedAt ?? now;
    // A number that came with the visit (the counter's page, the API, a connector) is texted only if it can take a text where the business texts.
    const untextable = visit.source !== 'check-in' && contact.phoneNumber ? textProblem(contact.phoneNumber, automation.textRegions) : null;
    // A connected system may report a payment weeks late: the visit counts, but it is too late to ask about.
    const tooOld = now.getTime() - visitedAt.getTime() > VISIT_MAX_AGE_MS;
    const decision = tooOld ? { skipped: visitSkipReasons.tooOld } : decide(contact, automation.channel, smsDelivers, asked.has(contact.id), untextable);
    if ('channel' in decision) asked.add(contact.id);
    const dueAt = new Date(Math.max(visitedAt.getTime() + automation.delayMinutes * config.delivery.automationMinuteMs, now.getTime()));
    return { id: ids[index]!, visit, visitedAt, automation, contact, decision, dueAt };
  });

  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    await tx.execute(
      sql`insert into visits (id, business_id, contact_id, visited_at, source, due_at, skip_reason) overriding system value
          select r.id, r.business_id, r.contact_id, r.visited_at, r.source, r.due_at, r.skip_reason
          from json_to_recordset(${JSON.stringify(
            chunk.map(({ id, visit, visitedAt, decision, dueAt }) => ({
              id,
              business_id: visit.businessId,
              contact_id: visit.contactId,
              visited_at: visitedAt.toISOString(),
              source: visit.source,
              due_at: 'channel' in decision ? dueAt.toISOString() : null,
              skip_reason: 'skipped' in decision ? decision.skipped : null,
            })),
          )}::json) as r(id int, business_id int, contact_id int, visited_at timestamptz, source text, due_at timestamptz, skip_reason text)`,
    );
    const requests = chunk.flatMap(({ id, automation, contact, decision, dueAt }) => {
      if (!('channel' in decision)) return [];
      const { channel } = decision;
      const token = newReviewToken();
      const context = { contact, business: { name: automation.businessName, reviewLink: reviewUrl(config.delivery.appUrl, token) } };
      const body = renderMessage(automation.messageBody, context);
      return [
        {
          campaign_id: automation.campaigns[channel],
          visit_id: id,
          contact_id: contact.id,
          address: contact.address[channel],
          subject: channel === 'EMAIL' ? renderMessage(automation.subject ?? '', context) : null,
          body,
          review_token: token,
          segments: channel === 'SMS' ? smsSegments(body).segments : null,
          next_attempt_at: dueAt.toISOString(),
        },
      ];
    });
    if (requests.length > 0) {
      await tx.execute(
        sql`insert into deliveries (campaign_id, visit_id, contact_id, address, subject, body, review_token, segments, next_attempt_at)
            select r.campaign_id, r.visit_id, r.contact_id, r.address, r.subject, r.body, r.review_token, r.segments, r.next_attempt_at
            from json_to_recordset(${JSON.stringify(requests)}::json)
              as r(campaign_id int, visit_id int, contact_id int, address text, subject text, body text, review_token text, segments int, next_attempt_at timestamptz)`,
      );
    }
  }

  const byVisit = new Map(rows.map((row) => [row.visit, row]));
  const outcomes = visits.map((visit) => {
    const row = byVisit.get(visit);
    if (!row) return off(visit);
    const scheduled = 'channel' in row.decision;
    return { ...off(visit), visitId: row.id, dueAt: scheduled ? row.dueAt : null, skipped: 'skipped' in row.decision ? row.decision.skipped : null };
  });
  // One wake-up per campaign and second: the lanes then take every request due by then.
  const wakeUps = new Map<string, AutomationWakeUp>();
  for (const { automation, decision, dueAt } of rows) {
    if (!('channel' in decision)) continue;
    const campaignId = automation.campaigns[decision.channel];
    wakeUps.set(`${campaignId}@${Math.ceil(dueAt.getTime() / 1000)}`, { campaignId, dueAt });
  }
  return { outcomes, wakeUps: [...wakeUps.values()] };
}

/** Queues the automations' lanes for when the requests of committed visits fall due (a failure is left to the sweep). */
export async function wakeAutomation(queue: DeliveryQueue, wakeUps: readonly AutomationWakeUp[], log: Pick<FastifyBaseLogger, 'error'>) {
  for (const { campaignId, dueAt } of wakeUps) {
    try {
      await queue.runAutomation(campaignId, dueAt);
    } catch (error) {
      log.error({ err: error, campaignId }, 'could not queue a review request; the sweep will');
    }
  }
}

/** The order in which channels are tried: SMS_FIRST texts first only where texts are delivered (else they would wait in the outbox). */
function channelOrder(channel: AutomationChannel, smsDelivers: boolean): CampaignType[] {
  switch (channel) {
    case 'SMS_FIRST':
      return smsDelivers ? ['SMS', 'EMAIL'] : ['EMAIL', 'SMS'];
    case 'EMAIL_FIRST':
      return ['EMAIL', 'SMS'];
    default:
      return [channel];
  }
}

/** The channel of a visit's request, or why there is none (`untextable`: why its number may not be texted). */
function decide(
  contact: Facts,
  setting: AutomationChannel,
  smsDelivers: boolean,
  askedInThisCall: boolean,
  untextable: string | null,
): { channel: CampaignType } | { skipped: string } {
  if (!contact.active) return { skipped: visitSkipReasons.notActive };
  if (contact.waiting || askedInThisCall) return { skipped: visitSkipReasons.waiting };
  if (contact.askedDaysAgo !== null) return { skipped: askedAgo(contact.askedDaysAgo) };
  const order = channelOrder(setting, smsDelivers);
  const channel = order.find((candidate) => contact.usable[candidate] && !contact.suppressed[candidate] && !(candidate === 'SMS' && untextable));
  if (!channel && untextable && order.includes('SMS') && contact.usable.SMS && !contact.suppressed.SMS) return { skipped: `skipped: ${untextable}` };
  if (channel) return { channel };
  const suppressed = order.find((candidate) => contact.usable[candidate] && contact.suppressed[candidate]);
  if (suppressed) return { skipped: suppressedMessage(contact.suppressed[suppressed]!) };
  if (order.length === 2) return { skipped: visitSkipReasons.noAddress };
  if (order[0] === 'EMAIL') return { skipped: visitSkipReasons.noEmail };
  return { skipped: contact.phoneProblem ? `skipped: ${contact.phoneProblem}` : visitSkipReasons.noMobile };
}

/** Sets Last visited (never moved back by a late report of an older visit); answers the transaction's time. */
async function markLastVisited(tx: Db, visits: readonly Visit[]): Promise<Date> {
  const rows = visits.map((visit) => ({ business_id: visit.businessId, contact_id: visit.contactId, visited_at: visit.visitedAt?.toISOString() ?? null }));
  const [row] = await queryRows<{ now: Date }>(
    tx,
    sql`with latest as (
          select r.contact_id, r.business_id, max(coalesce(r.visited_at, now())) as visited_at
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(business_id int, contact_id int, visited_at timestamptz)
          group by r.contact_id, r.business_id
        ), marked as (
          update contacts c set last_visited = greatest(c.last_visited, l.visited_at)
          from latest l where c.id = l.contact_id and c.business_id = l.business_id
        )
        select now() as now`,
  );
  return new Date(row!.now);
}

/** The enabled automations of these businesses, with their campaigns by channel. */
async function enabledAutomations(tx: Db, businessIds: number[]): Promise<Map<number, Automation>> {
  const rows = await queryRows<
    Omit<Automation, 'campaigns' | 'textRegions'> & { region: string | null; textCountries: string[] | null; smsCampaignId: number | null; emailCampaignId: number | null }
  >(
    tx,
    sql`select a.business_id as "businessId", b.name as "businessName", b.region, b.text_countries as "textCountries", a.delay_minutes as "delayMinutes", a.channel,
               a.subject, a.message_body as "messageBody",
               (select c.id from campaigns c where c.business_id = a.business_id and c.automation and c.type = 'SMS') as "smsCampaignId",
               (select c.id from campaigns c where c.business_id = a.business_id and c.automation and c.type = 'EMAIL') as "emailCampaignId"
        from review_automations a join businesses b on b.id = a.business_id
        where a.business_id = any(${`{${businessIds.join(',')}}`}::int[]) and a.enabled
        -- Turning the automation off waits for visits being recorded, and cancels their requests too.
        for share of a`,
  );
  const automations = new Map<number, Automation>();
  for (const { smsCampaignId, emailCampaignId, region, textCountries, ...automation } of rows) {
    // Saving the automation creates both campaigns; without them it was never switched on.
    if (smsCampaignId === null || emailCampaignId === null) continue;
    automations.set(automation.businessId, { ...automation, textRegions: textRegions({ region, textCountries }), campaigns: { SMS: smsCampaignId, EMAIL: emailCampaignId } });
  }
  return automations;
}

/** What deciding and rendering a request needs of each contact, in one query. */
async function contactFacts(tx: Db, contactIds: number[], dayMs: number): Promise<Map<number, Facts>> {
  const suppression = (type: CampaignType) =>
    sql`(select s.reason from suppressions s where s.business_id = ${contacts.businessId} and s.channel = ${type} and s.address = ${suppressionAddress(type)})`;
  const rows = await queryRows<
    Omit<Facts, 'usable' | 'address' | 'suppressed'> & {
      emailUsable: boolean;
      smsUsable: boolean;
      emailAddress: string | null;
      smsAddress: string | null;
      emailSuppressed: SuppressionReason | null;
      smsSuppressed: SuppressionReason | null;
    }
  >(
    tx,
    sql`select ${contacts.id} as id, ${contacts.businessId} as "businessId", ${contacts.firstName} as "firstName", ${contacts.lastName} as "lastName",
               ${contacts.email} as email, ${contacts.phoneNumber} as "phoneNumber", ${contacts.birthDate}::text as "birthDate",
               ${contacts.gender} as gender, ${contacts.tags} as tags, ${contacts.status} = 'ACTIVE' as active,
               ${contacts.phoneProblem} as "phoneProblem",
               ${hasUsableAddress('EMAIL')} as "emailUsable", ${hasUsableAddress('SMS')} as "smsUsable",
               ${recipientAddress('EMAIL')} as "emailAddress", ${recipientAddress('SMS')} as "smsAddress",
               ${suppression('EMAIL')} as "emailSuppressed", ${suppression('SMS')} as "smsSuppressed",
               ${askedDaysAgo(contacts.id, sql`(select b.review_request_cap_days from businesses b where b.id = ${contacts.businessId})`, dayMs)} as "askedDaysAgo",
               exists (select 1 from deliveries d
                       where d.contact_id = ${contacts.id} and d.visit_id is not null and not d.follow_up
                         and d.state in ('queued', 'sending')) as waiting
        from ${contacts}
        where ${contacts.id} = any(${`{${contactIds.join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map(({ emailUsable, smsUsable, emailAddress, smsAddress, emailSuppressed, smsSuppressed, ...contact }) => [
      contact.id,
      {
        ...contact,
        usable: { EMAIL: emailUsable, SMS: smsUsable },
        address: { EMAIL: emailAddress, SMS: smsAddress },
        suppressed: { EMAIL: emailSuppressed, SMS: smsSuppressed },
      },
    ]),
  );
}

/** Ids for `count` new visits, in order, so their requests can name them in the same statements. */
async function newVisitIds(tx: Db, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('visits', 'id'))::int as id from generate_series(1, ${count}::int) order by 1`,
  );
  return rows.map((row) => row.id);
}
