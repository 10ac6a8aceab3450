/**
 * The declarative map from Refine resources to the spec's API calls. Path parameters in braces
 * are filled from the call's `meta` (e.g. `businessId`) or from the record id (`id`).
 * A new resource is one entry here, one file in src/resources and one server module.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Endpoint = {
  method: HttpMethod;
  path: string;
  /** For bulk calls: the body field that carries the ids (e.g. `contactIds`). */
  idsField?: string;
};

export type ResourceEndpoints = {
  list?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  deleteOne?: Endpoint;
  deleteMany?: Endpoint;
  /** Calls that are not CRUD (check-in, import, start, pause...), reached through `custom`. */
  actions?: Record<string, Endpoint>;
};

export const endpoints: Record<string, ResourceEndpoints> = {
  businesses: {
    list: { method: 'get', path: '/business/get-current-users-businesses' },
    create: { method: 'post', path: '/business/create-new-business' },
  },
  contacts: {
    list: { method: 'get', path: '/contact/get-contacts/{businessId}' },
    create: { method: 'post', path: '/contact/create-new-contact' },
    deleteMany: { method: 'delete', path: '/contact/delete-contacts', idsField: 'contactIds' },
    actions: {
      checkIn: { method: 'patch', path: '/contact/check-in-contacts' },
      import: { method: 'post', path: '/contact/import-contacts' },
    },
  },
  contactFilters: {
    list: { method: 'get', path: '/contact-filter/get-contact-filters/{businessId}' },
    create: { method: 'post', path: '/contact-filter/create-contact-filter-with-items' },
    actions: {
      countMatching: { method: 'post', path: '/contact-filter/count-matching-contacts' },
    },
  },
  campaigns: {
    list: { method: 'get', path: '/campaign/get-campaigns/{businessId}' },
    create: { method: 'post', path: '/campaign/create-new-campaign' },
    update: { method: 'put', path: '/campaign/update-campaign/{id}' },
    deleteOne: { method: 'delete', path: '/campaign/delete-campaign/{id}' },
    actions: {
      launch: { method: 'post', path: '/campaign/launch-new-campaign' },
      start: { method: 'put', path: '/campaign/start-campaign/{id}' },
      pause: { method: 'put', path: '/campaign/pause-campaign/{id}' },
      cancel: { method: 'put', path: '/campaign/cancel-campaign/{id}' },
      duplicate: { method: 'put', path: '/campaign/duplicate-campaign/{id}' },
      senders: { method: 'get', path: '/campaign/get-sender' },
      details: { method: 'get', path: '/campaign/get-campaign-details/{id}' },
    },
  },
};

export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

export function endpointFor(resource: string, operation: Exclude<keyof ResourceEndpoints, 'actions'>): Endpoint {
  const endpoint = endpoints[resource]?.[operation];
  if (!endpoint) throw new Error(`No ${operation} endpoint for resource "${resource}"`);
  return endpoint;
}

export function actionEndpoint(resource: string, action: string): Endpoint {
  const endpoint = endpoints[resource]?.actions?.[action];
  if (!endpoint) throw new Error(`No action "${action}" for resource "${resource}"`);
  return endpoint;
}
