import type { BaseKey, BaseRecord, DataProvider } from '@refinedev/core';
import type { AxiosProgressEvent } from 'axios';
import type { CrudOperation } from '../resources/define';
import { API_BASE } from './api-base';
import { endpointFor, endpointUrl } from './endpoints';
import { http } from './http';
import { listWithDeltas } from './list-deltas';

type Call = { id?: BaseKey; meta?: Record<string, unknown>; body?: unknown };

async function call<T>(resource: string, operation: CrudOperation, { id, meta, body }: Call): Promise<T> {
  const endpoint = endpointFor(resource, operation);
  const response = await http.request<T>({ method: endpoint.method, url: endpointUrl(resource, endpoint, { id, meta }), data: body });
  return response.data;
}

/**
 * Refine's data provider over the endpoints each resource file declares. Lists are answered whole
 * by the API (the screens sort and search on the client, as the spec's tables do), so `total` is the length.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  async getList({ resource, meta }) {
    const endpoint = endpointFor(resource, 'list');
    const data = endpoint.deltas
      ? await listWithDeltas(resource, endpointUrl(resource, endpoint, { meta }), endpoint.listWorker)
      : await call<BaseRecord[]>(resource, 'list', { meta });
    return { data: data as never, total: data.length };
  },

  async getOne({ resource, id, meta }) {
    return { data: await call<never>(resource, 'getOne', { id, meta }) };
  },

  async create({ resource, variables, meta }) {
    return { data: await call<never>(resource, 'create', { meta, body: variables }) };
  },

  async update({ resource, id, variables, meta }) {
    return { data: await call<never>(resource, 'update', { id, meta, body: variables }) };
  },

  async deleteOne({ resource, id, meta }) {
    return { data: await call<never>(resource, 'deleteOne', { id, meta }) };
  },

  async deleteMany({ resource, ids, meta }) {
    const idsField = endpointFor(resource, 'deleteMany').idsField ?? 'ids';
    return { data: [await call<never>(resource, 'deleteMany', { meta, body: { [idsField]: ids } })] };
  },

  /** Named actions: useResourceAction and useResourceQuery give the URL and method their resource declares. */
  async custom({ url, method, payload, query, headers, meta }) {
    const onUploadProgress = meta?.onUploadProgress as ((event: AxiosProgressEvent) => void) | undefined;
    const response = await http.request({ method, url, data: payload, params: query, headers, onUploadProgress });
    return { data: response.data as never };
  },
};
