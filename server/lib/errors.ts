import { STATUS_CODES } from 'node:http';
import type { FieldErrors } from '#domain';

/** An error whose message is meant for the user; the error handler sends it as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** More for the screen to act on (the import's mapping question), sent as `details`. */
    readonly details?: object,
  ) {
    super(message);
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message = 'You are not signed in.') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The answer of every rate limit (429): the wait in words. */
export const tooManyAttempts = (waitSeconds: number) =>
  new HttpError(429, `Too many attempts. Please wait ${Math.max(1, waitSeconds)} seconds and try again.`);
