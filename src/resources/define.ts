import type { IResourceItem } from '@refinedev/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MenuIconName } from '../components/layout/menu-icons';

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One API call: its method and path. `{name}` placeholders are filled from the call (`{id}` from
 * the record); `{businessId}` always from the selected business. Body and Result type the calls.
 */
export type Endpoint<Method extends HttpMethod = HttpMethod, Body = unknown, Result = unknown> = {
  method: Method;
  path: string;
  /** For bulk deletes: the body field that carries the ids (e.g. `contactIds`). */
  idsField?: string;
  /** For lists: the API answers `?since=` deltas and If-None-Match (src/providers/list-deltas.ts). */
  deltas?: boolean;
  /** For delta lists: a Web Worker that reads and indexes the whole list off the main thread (src/providers/list-worker.ts). */
  listWorker?: () => Worker;
  /** Never set: carries the types of what the call sends and answers. */
  readonly types?: { body: Body; result: Result };
};

export type BodyOf<E> = E extends Endpoint<HttpMethod, infer Body, unknown> ? Body : never;
export type ResultOf<E> = E extends Endpoint<HttpMethod, unknown, infer Result> ? Result : never;

/** `endpoint.get<Campaign>('/campaign/get-campaign/{id}')`, `endpoint.patch<Body, Result>(path)`... */
export const endpoint = {
  get: <Result>(path: string, options: Pick<Endpoint, 'deltas' | 'listWorker'> = {}): Endpoint<'get', undefined, Result> => ({ method: 'get', path, ...options }),
  post: <Body, Result>(path: string): Endpoint<'post', Body, Result> => ({ method: 'post', path }),
  put: <Body, Result>(path: string): Endpoint<'put', Body, Result> => ({ method: 'put', path }),
  patch: <Body, Result>(path: string): Endpoint<'patch', Body, Result> => ({ method: 'patch', path }),
  delete: <Body, Result>(path: string, options: { idsField?: string } = {}): Endpoint<'delete', Body, Result> => ({
    method: 'delete',
    path,
    ...options,
  }),
};

/** Refine's CRUD calls, and the calls that are not CRUD (check-in, import, start...) by name. */
type ResourceEndpoints = {
  list?: Endpoint<'get'>;
  getOne?: Endpoint<'get'>;
  create?: Endpoint;
  update?: Endpoint;
  deleteOne?: Endpoint;
  deleteMany?: Endpoint;
  actions?: Record<string, Endpoint>;
};
export type CrudOperation = Exclude<keyof ResourceEndpoints, 'actions'>;

/** The Refine actions a resource can have a screen for; each one's path is the resource's field of that name. */
export const PAGE_ACTIONS = ['list', 'create', 'edit', 'show'] as const;
type PageAction = (typeof PAGE_ACTIONS)[number];

/** A screen in a chunk of its own, loaded when first shown; `preload` loads it sooner (src/providers/first-screen.ts). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => Object.assign(lazy(load), { preload: load });

/** The screen of each route, each its own chunk (`lazyPage(() => import(...))`): src/screens.ts. */
export type ResourcePages = Partial<Record<PageAction, LazyPage>>;

/**
 * Everything that registers a resource, in its own file: the Refine resource (name, route paths,
 * meta), its endpoints, and whether it works on the selected business. Its screens are in
 * src/screens.ts: they import the typed hooks over this list, so the list must not import them.
 * A record (src/resources/records/) declares its screens itself (`pages`): they use Refine's own
 * hooks only.
 */
export type StarboostResource = IResourceItem & {
  meta: IResourceItem['meta'] & {
    label: string;
    /**
     * Works on the selected business: its menu item is disabled and its routes redirect without one,
     * and `{businessId}` in its endpoints is the selected business.
     */
    requiresBusiness?: boolean;
    /**
     * The menu icon's name (see components/layout/menu-icons.tsx) rather than an icon element:
     * this list loads with the sign-in page, whose JavaScript is budgeted; the icons load with the menu.
     */
    iconName?: MenuIconName;
  };
  endpoints?: ResourceEndpoints;
  /** A record's screens (src/resources/records/); the others' are in src/screens.ts. */
  pages?: ResourcePages;
};

/** Keeps the literal name and endpoint types, so actions are typed by resource (see useResourceAction). */
export const defineResource = <const Resource extends StarboostResource>(resource: Resource) => resource;
