import type { BaseKey } from '@refinedev/core';
import { selectedBusinessStore } from '../business/selected-business';
import { resourceNamed } from '../resources';
import type { CrudOperation, Endpoint } from '../resources/define';

/** The endpoint a resource file declares for a CRUD call (see src/resources). */
export function endpointFor(resource: string, operation: CrudOperation): Endpoint {
  const endpoint = resourceNamed(resource).endpoints?.[operation];
  if (!endpoint) throw new Error(`No ${operation} endpoint for resource "${resource}"`);
  return endpoint;
}

/** The endpoint a resource file declares for a named action (check-in, import, start...). */
export function actionEndpoint(resource: string, action: string): Endpoint {
  const endpoint = resourceNamed(resource).endpoints?.actions?.[action];
  if (!endpoint) throw new Error(`No action "${action}" for resource "${resource}"`);
  return endpoint;
}

/**
 * The endpoint's path with its placeholders filled: `{businessId}` is always the selected business
 * for a resource that requires one, `{id}` the record's id, any other name is read from `meta`.
 */
export function endpointUrl(resource: string, endpoint: Endpoint, { id, meta }: { id?: BaseKey; meta?: Record<string, unknown> } = {}) {
  const requiresBusiness = Boolean(resourceNamed(resource).meta.requiresBusiness);
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value =
      name === 'businessId' && requiresBusiness ? selectedBusinessStore.get()?.id : name === 'id' ? (id ?? meta?.id) : meta?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(name === 'businessId' ? `Select a business first: ${endpoint.path} works on one.` : `Missing "${name}" for ${endpoint.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
