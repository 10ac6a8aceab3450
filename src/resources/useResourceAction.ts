import {
  useCustom,
  useCustomMutation,
  type BaseKey,
  type BaseRecord,
  type HttpError,
  type SuccessErrorNotification,
  type UseCustomProps,
} from '@refinedev/core';
import type { QueryObserverResult } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { actionEndpoint, endpointUrl } from '../providers/endpoints';
import type { BodyOf, ResultOf } from './define';
import type { ActionEndpoint, ActionName, ChangingActionName, ResourceName } from './index';

type Response<Result> = { data: Result };
/** An action without a body may leave `values` out. */
type Values<Body> = undefined extends Body ? { values?: Body } : { values: Body };

type ActionCall<Body, Result> = Values<Body> & {
  /** The record the action is on: fills `{id}` in the path. */
  id?: BaseKey;
  /** Upload progress of the request body (the contacts import shows it). */
  onUploadProgress?: (event: AxiosProgressEvent) => void;
} & SuccessErrorNotification<Response<Result>, HttpError, unknown>;

type Callbacks<Result> = { onSuccess?(response: Response<Result>): void; onError?(error: HttpError): void };

/**
 * A named action that changes something (start a campaign, check contacts in, import...), called
 * through Refine's useCustomMutation with the method and path its resource file declares;
 * `values` and the answer are typed by that declaration.
 */
export function useResourceAction<
  Name extends ResourceName,
  Action extends ChangingActionName<Name>,
  Body = BodyOf<ActionEndpoint<Name, Action>>,
  Result = ResultOf<ActionEndpoint<Name, Action>>,
>(resource: Name, action: Action) {
  const { mutate, mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const endpoint = actionEndpoint(resource, action);
  if (endpoint.method === 'get') throw new Error(`"${action}" of "${resource}" only reads: use useResourceQuery`);
  const method = endpoint.method;

  const variables = ({ id, values, onUploadProgress, successNotification, errorNotification }: ActionCall<Body, Result>) => ({
    url: endpointUrl(resource, endpoint, { id }),
    method,
    values,
    meta: { onUploadProgress },
    successNotification: successNotification as SuccessErrorNotification['successNotification'],
    errorNotification: errorNotification as SuccessErrorNotification['errorNotification'],
  });

  return {
    mutate: (call: ActionCall<Body, Result>, callbacks?: Callbacks<Result>) => mutate(variables(call), callbacks as never),
    mutateAsync: (call: ActionCall<Body, Result>) => mutateAsync(variables(call)) as Promise<Response<Result>>,
    mutation,
  };
}

type QueryOptions = UseCustomProps<BaseRecord, HttpError, unknown, unknown, BaseRecord>['queryOptions'];

/**
 * A named action that only reads (a campaign's details, the senders, how many contacts a filter
 * matches), through Refine's useCustom: cached and refetched like any query, keyed by its URL and body.
 */
export function useResourceQuery<
  Name extends ResourceName,
  Action extends ActionName<Name>,
  Body = BodyOf<ActionEndpoint<Name, Action>>,
  Result = ResultOf<ActionEndpoint<Name, Action>>,
>(
  resource: Name,
  action: Action,
  { id, values, query, queryOptions }: { id?: BaseKey; values?: Body; query?: Record<string, unknown>; queryOptions?: QueryOptions } = {},
) {
  const endpoint = actionEndpoint(resource, action);
  const { query: result } = useCustom<BaseRecord, HttpError, unknown, unknown, BaseRecord>({
    url: endpointUrl(resource, endpoint, { id }),
    method: endpoint.method,
    config: { payload: values, query },
    queryOptions,
  });
  return result as QueryObserverResult<Response<Result>, HttpError>;
}
