import type { ApiClient } from './test-app';

/** What the ownership test gives a resource's probes: two signed-in owners, each with a business. */
export type ProbeContext = { owner: ApiClient; stranger: ApiClient; businessId: number; strangersBusinessId: number };

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ProbeRequest = { method: Method; url: string; body?: unknown };
export type Probe = {
  what: string;
  /** What the stranger sends. */
  request: ProbeRequest;
  /** How it is refused; the answer must not tell a stranger's resource from a missing one. */
  refusal: { status: number; message: string };
  /** What the owner sends to show the same resource is reachable by its owner; the same request unless given. */
  ownersRequest?: ProbeRequest;
};

export const BUSINESS_NOT_FOUND = { status: 404, message: 'Business not found.' };

/**
 * A resource's own probes for tests/api/ownership.test.ts, in `tests/api/ownership-probes/<resource>.ts`
 * (the default export), which that test reads without being edited: `cases` by route
 * ('METHOD /url' as registered), and for each record kind the resource registers with
 * `app.registerOwner`, how to make one of the stranger's.
 */
export type OwnershipProbes = {
  cases: Record<string, (context: ProbeContext) => Promise<Probe[]>>;
  strangersRecord?: Record<string, (context: ProbeContext) => Promise<number>>;
};
