import type { BaseRecord, DataProvider } from '@refinedev/core';
import { actionEndpoint, endpointFor, fillPath, type Endpoint } from './endpoints';
import { http } from './http';

async function call<T>(endpoint: Endpoint, params: Record<string, unknown>, body?: unknown, query?: unknown): Promise<T> {
  const response = await http.request<T>({ method: endpoint.method, url: fillPath(endpoint.path, params), data: body, params: query });
  return response.data;
}

/**
 * Refine's data provider over the endpoint map. Lists are answered whole by the API (the
 * screens sort and search on the client, as the spec's tables do), so `total` is the length.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api',

  async getList({ resource, meta }) {
    const data = await call<BaseRecord[]>(endpointFor(resource, 'list'), meta ?? {});
    return { data: data as never, total: data.length };
  },

  async getOne() {
    throw new Error('Records are read from their list; no single-record endpoint exists.');
  },

  async create({ resource, variables, meta }) {
    const data = await call<BaseRecord>(endpointFor(resource, 'create'), meta ?? {}, variables);
    return { data: data as never };
  },

  async update({ resource, id, variables, meta }) {
    const data = await call<BaseRecord>(endpointFor(resource, 'update'), { ...meta, id }, variables);
    return { data: data as never };
  },

  async deleteOne({ resource, id, meta }) {
    const data = await call<BaseRecord>(endpointFor(resource, 'deleteOne'), { ...meta, id });
    return { data: data as never };
  },

  async deleteMany({ resource, ids, meta }) {
    const endpoint = endpointFor(resource, 'deleteMany');
    const data = await call<BaseRecord>(endpoint, meta ?? {}, { [endpoint.idsField ?? 'ids']: ids });
    return { data: [data] as never };
  },

  /** `meta.resource` and `meta.action` name an entry of the endpoint map. */
  async custom({ meta, payload, query }) {
    const { resource, action, ...params } = (meta ?? {}) as { resource?: string; action?: string };
    if (!resource || !action) throw new Error('custom() needs meta.resource and meta.action');
    const data = await call<BaseRecord>(actionEndpoint(resource, action), params, payload, query);
    return { data: data as never };
  },
};
