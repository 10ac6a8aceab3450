import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { HttpError } from '@refinedev/core';
import { API_BASE } from './api-base';
import { refreshSession } from './session';
import { statusInWords } from './status-words';

/** The one HTTP client: JSON to /api with the session cookies; tokens never touch JavaScript. */
export const http = axios.create({
  baseURL: API_BASE,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json' },
});

// The server only accepts state-changing calls as JSON; axios drops the header when there is no body.
http.interceptors.request.use((config) => {
  if (config.method && config.method.toLowerCase() !== 'get' && config.data === undefined) config.data = {};
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { sessionRefreshed?: boolean };

http.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  const isAuthCall = config?.url?.startsWith('/auth/');
  if (error.response?.status === 401 && config && !isAuthCall && !config.sessionRefreshed) {
    config.sessionRefreshed = true;
    if (await refreshSession()) return http.request(config);
  }
  return Promise.reject(toHttpError(error));
});

type ErrorBody = { message?: unknown; errors?: Record<string, string>; details?: unknown };

/** Every failure becomes Refine's HttpError once, so screens read `message`, `statusCode` and `errors`. */
export function toHttpError(error: unknown): HttpError {
  if (isHttpError(error)) return error;
  if (axios.isAxiosError(error)) {
    const body = (error.response?.data ?? {}) as ErrorBody;
    const message =
      typeof body.message === 'string' && body.message
        ? body.message
        : error.response
          ? statusInWords(error.response.status)
          : 'The server could not be reached. Check your connection and try again.';
    return { message, statusCode: error.response?.status ?? 0, errors: body.errors, ...(body.details ? { details: body.details } : {}) };
  }
  return { message: error instanceof Error ? error.message : String(error), statusCode: 0 };
}

function isHttpError(value: unknown): value is HttpError {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'message' in value && !axios.isAxiosError(value);
}
