// A contact's history (the drawer's History tab): messages, review steps, opt-outs, bounces, and the
// suppressions of its addresses.
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAMPAIGN_TYPES, CONTACT_EVENT_KINDS, contactMessages, type ContactHistory, type Suppression } from '#domain';
import { REVIEW_EVENT_KINDS } from '#domain/reviews';
import { queryRows, type Db } from '../db/client';
import { notFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import { pathId } from '../lib/schemas';
import { suppressionColumns } from '../suppressions/queries';
import { suppressionAnswer } from '../suppressions/schemas';

export const contactHistoryAnswer = z.object({
  items: z.array(
    z.union([
      z.object({
        type: z.literal('message'),
        at: z.string(),
        campaignId: z.int(),
        campaignName: z.string(),
        channel: z.enum(CAMPAIGN_TYPES),
        state: z.string(),
        error: z.nullable(z.string()),
        bounce: z.nullable(z.string()),
      }),
      z.object({ type: z.literal('event'), at: z.string(), channel: z.enum(CAMPAIGN_TYPES), kind: z.enum(CONTACT_EVENT_KINDS), source: z.string() }),
      z.object({
        type: z.literal('review'),
        at: z.string(),
        campaignId: z.int(),
        campaignName: z.string(),
        kind: z.enum(REVIEW_EVENT_KINDS),
        siteName: z.nullable(z.string()),
        rating: z.nullable(z.int()),
        message: z.nullable(z.string()),
        times: z.int(),
      }),
    ]),
  ),
  suppressions: z.array(suppressionAnswer),
});

/** Everything sent to a contact of the business and everything that happened to their addresses, newest first. */
export async function contactHistory(db: Db, businessId: number, contactId: number): Promise<ContactHistory | null> {
  const [contact] = await queryRows<{ email: string; phone: string }>(
    db,
    sql`select lower(trim(email)) as email, ltrim(phone_number, '+') as phone from contacts where id = ${contactId} and business_id = ${businessId}`,
  );
  if (!contact) return null;
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const items = await queryRows<ContactHistory['items'][number]>(
    db,
    sql`select * from (
          select 'message' as type, ${iso('coalesce(d.sent_at, d.claimed_at, d.created_at)')} as at, c.id as "campaignId",
                 c.name as "campaignName", c.type as channel, d.state, d.error, d.bounce, null as kind, null as source,
                 null as "siteName", null::int as rating, null as message, null::int as times
          from deliveries d join campaigns c on c.id = d.campaign_id
          where d.contact_id = ${contactId} and c.business_id = ${businessId}
          union all
          -- Repeats collapse: one line per link for the same visit, site click or star (with how often, at the
          -- last time); every feedback message stays a line of its own.
          select 'review', ${iso('max(r.created_at)')}, c.id, c.name, c.type, null, null, null, r.kind, null, r.site_name, r.rating,
                 max(r.message), count(*)::int
          from review_events r join deliveries d on d.id = r.delivery_id join campaigns c on c.id = d.campaign_id
          where d.contact_id = ${contactId} and r.business_id = ${businessId} and not r.automated
          group by c.id, r.delivery_id, r.kind, r.site_name, r.rating, case when r.kind = 'feedback' then r.id end
          union all
          select 'event', ${iso('e.created_at')}, null, null, e.channel, null, null, null, e.kind, e.source, null, null, null, null
          from contact_events e
          where e.business_id = ${businessId}
            and (e.contact_id = ${contactId}
                 or (e.channel = 'EMAIL' and e.address = ${contact.email}) or (e.channel = 'SMS' and e.address = ${contact.phone}))
        ) history order by at desc limit 500`,
  );
  const suppressed = await queryRows<Suppression>(
    db,
    sql`select ${suppressionColumns} from suppressions s
        where s.business_id = ${businessId}
          and ((s.channel = 'EMAIL' and s.address = ${contact.email}) or (s.channel = 'SMS' and s.address = ${contact.phone}))`,
  );
  // Each item carries only its own kind's fields.
  const cleaned = items.map((item) => {
    const row = item as Record<string, unknown>;
    if (row.type === 'message') {
      return { type: 'message', at: row.at, campaignId: row.campaignId, campaignName: row.campaignName, channel: row.channel, state: row.state, error: row.error, bounce: row.bounce };
    }
    if (row.type === 'review') {
      return { type: 'review', at: row.at, campaignId: row.campaignId, campaignName: row.campaignName, kind: row.kind, siteName: row.siteName, rating: row.rating, message: row.message, times: row.times };
    }
    return { type: 'event', at: row.at, channel: row.channel, kind: row.kind, source: row.source };
  });
  return { items: cleaned as ContactHistory['items'], suppressions: suppressed };
}

const contactHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact/get-contact-history/:businessId/:id',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags: ['Contacts'],
        summary: "A contact's history: messages sent, opt-outs, opt-ins, bounces and complaints, and their suppressions",
        params: z.object({ businessId: pathId('The business'), id: pathId('The contact') }),
        response: { 200: contactHistoryAnswer },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      const history = id && (await contactHistory(app.db, request.business.id, id));
      if (!history) throw notFound(contactMessages.notFound);
      return history;
    },
  );
};

export default contactHistoryRoutes;
