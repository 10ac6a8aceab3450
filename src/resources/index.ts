import type { IResourceItem } from '@refinedev/core';
import { apiKeysResource } from './api-keys';
import { automationsResource } from './automations';
import { businessSettingsResource } from './business-settings';
import { businessesResource } from './businesses';
import { checkInPosterResource } from './check-in-poster';
import { campaignsResource } from './campaigns';
import { contactFiltersResource } from './contact-filters';
import { contactsResource } from './contacts';
import { dashboardResource } from './dashboard';
import type { Endpoint, StarboostResource } from './define';
import { reputationResource } from './reputation';
import { webhookEndpointsResource } from './webhook-endpoints';

const declared = [
  dashboardResource,
  contactsResource,
  contactFiltersResource,
  campaignsResource,
  automationsResource,
  reputationResource,
  businessesResource,
  businessSettingsResource,
  checkInPosterResource,
  // Lists the business settings screen reads through useTable: no screen of their own.
  apiKeysResource,
  webhookEndpointsResource,
] as const;

/**
 * Records: plain business-scoped resources (list, create, edit, delete), each one file in
 * ./records/ that holds its screens too (`npm run new-resource` writes them), listed here without
 * an edit, in the menu after the resources above.
 */
const records = Object.values(import.meta.glob<StarboostResource>('./records/*.ts', { eager: true, import: 'default' }));

/** Declared once; the menu, the routes, the data provider and the action hooks read from this list. */
export const resources: readonly StarboostResource[] = [...declared, ...records];

/** What Refine is given: the resources without their endpoints and screens, which are ours. */
export const refineResources: IResourceItem[] = resources.map(({ endpoints: _endpoints, pages: _pages, ...resource }) => resource);

/** The sidebar's navigation items, in the spec's order (Filters, beyond the spec, after Contacts). */
export const navigationResources: readonly StarboostResource[] = resources.filter((resource) => !resource.meta.hide && resource.list);

const byName = new Map<string, StarboostResource>(resources.map((resource) => [resource.name, resource]));

export function resourceNamed(name: string): StarboostResource {
  const resource = byName.get(name);
  if (!resource) throw new Error(`No resource "${name}" in src/resources`);
  return resource;
}

type AnyResource = (typeof declared)[number];
export type ResourceName = AnyResource['name'];
type Actions<Name extends ResourceName> = Extract<AnyResource, { name: Name }> extends { endpoints: { actions: infer A } } ? A : never;
/** The named actions a resource declares, e.g. 'start' | 'pause' | ... for 'campaigns'. */
export type ActionName<Name extends ResourceName> = keyof Actions<Name> & string;
/** Those that change something (not GET): called through useResourceAction. */
export type ChangingActionName<Name extends ResourceName> = {
  [A in ActionName<Name>]: Actions<Name>[A] extends Endpoint<'get', unknown, unknown> ? never : A;
}[ActionName<Name>];
export type ActionEndpoint<Name extends ResourceName, Action extends ActionName<Name>> = Actions<Name>[Action];
