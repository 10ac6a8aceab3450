import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CONNECTOR_EVENTS_SHOWN, CONNECTOR_PROVIDERS, type Connector, type ConnectorProvider } from '#domain/connectors';
import { queryRows, type Db } from '../db/client';

/** Where providers post: `/api/webhooks/{provider}/{connectorId}` below the app's public address. */
export const CONNECTOR_WEBHOOKS_PATH = '/api/webhooks';

/** The address an owner pastes into the provider's dashboard; Square signs exactly this text. */
export const webhookUrl = (appUrl: string, provider: ConnectorProvider, connectorId: number) =>
  `${appUrl}${CONNECTOR_WEBHOOKS_PATH}/${provider}/${connectorId}`;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Connects a provider to the business, or replaces its secret; the id (and so the webhook address) stays. */
export async function saveConnector(db: Db, businessId: number, provider: ConnectorProvider, secret: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into connectors (business_id, provider, secret) values (${businessId}, ${provider}, ${secret})
        on conflict (business_id, provider) do update set secret = excluded.secret, updated_at = now()
        returning id`,
  );
  return row!.id;
}

/** The business's connected providers (in the product's order) with their newest events; never a secret. */
export async function connectorsOf(db: Db, businessId: number, appUrl: string): Promise<Connector[]> {
  const rows = await queryRows<Omit<Connector, 'webhookUrl'> & { id: number }>(
    db,
    sql`select c.id, c.provider, ${iso('c.created_at')} as "createdAt", ${iso('c.last_event_at')} as "lastEventAt",
               -- A real secret is long; the end of a short one would give away too much of it.
               case when length(c.secret) >= 16 then right(c.secret, 4) end as "secretEnding",
               coalesce((select json_agg(json_build_object('receivedAt', e.at, 'outcome', e.outcome) order by e.received_at desc)
                         from (select ${iso('received_at')} as at, received_at, outcome from connector_events
                               where connector_id = c.id order by received_at desc limit ${CONNECTOR_EVENTS_SHOWN}) e), '[]'::json) as events
        from connectors c where c.business_id = ${businessId}`,
  );
  return rows
    .sort((a, b) => CONNECTOR_PROVIDERS.indexOf(a.provider) - CONNECTOR_PROVIDERS.indexOf(b.provider))
    .map(({ id, ...connector }) => ({ ...connector, webhookUrl: webhookUrl(appUrl, connector.provider, id) }));
}

/** Disconnects a provider: its secret and events go; false when it was not connected. */
export async function deleteConnector(db: Db, businessId: number, provider: ConnectorProvider): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from connectors where business_id = ${businessId} and provider = ${provider} returning id`);
  return rows.length > 0;
}

/** A connector as its webhook needs it: the secret to check posts with, and its business. */
export type PostedConnector = { id: number; provider: ConnectorProvider; secret: string; businessId: number; region: string | null };

export async function connectorForPost(db: Db, id: number): Promise<PostedConnector | undefined> {
  const [row] = await queryRows<PostedConnector>(
    db,
    sql`select c.id, c.provider, c.secret, c.business_id as "businessId", b.region
        from connectors c join businesses b on b.id = c.business_id where c.id = ${id}`,
  );
  return row;
}

/** A signed post arrived (whatever it is): the owner sees the connection works. */
export async function markEventReceived(db: Db, connectorId: number) {
  await db.execute(sql`update connectors set last_event_at = now() where id = ${connectorId}`);
}

/**
 * An event's key as kept: one that is long or holds control characters (a header is free text) as
 * its hash, so it fits an index entry and a text column.
 */
const storedKey = (key: string) => (/^[\x20-\x7e]{1,200}$/.test(key) ? key : `sha256 ${createHash('sha256').update(key).digest('hex')}`);

export async function isTaken(db: Db, connectorId: number, key: string): Promise<boolean> {
  const rows = await queryRows<{ taken: boolean }>(
    db,
    sql`select true as taken from connector_events where connector_id = ${connectorId} and event_id = ${storedKey(key)}`,
  );
  return rows.length > 0;
}

/** Takes an event with its outcome; false when it was already taken (a retry that raced this one). */
export async function recordEvent(db: Db, connectorId: number, key: string, outcome: string): Promise<boolean> {
  const rows = await queryRows<{ taken: boolean }>(
    db,
    sql`insert into connector_events (connector_id, event_id, outcome) values (${connectorId}, ${storedKey(key)}, ${outcome})
        on conflict do nothing returning true as taken`,
  );
  return rows.length > 0;
}
