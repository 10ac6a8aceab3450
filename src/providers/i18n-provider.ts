import type { I18nProvider } from '@refinedev/core';
import { toasts } from '#domain/messages';

/** 'contactFilter' -> 'contact filter': Refine names resources in its notifications by their identifier. */
const inWords = (identifier: unknown) =>
  String(identifier ?? 'item')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

type Options = { resource?: unknown };

/**
 * Refine's default error toasts are titled with a status code ('Error (status code: 409)',
 * 'There was an error creating contactFilter (status code: 409)'). Here they say, in words, what
 * could not be done; their description stays the error's message, which the HTTP client took
 * from the server's answer (see http.ts). Every other text keeps Refine's default.
 */
const TITLES: Record<string, (options: Options) => string> = {
  'notifications.createError': ({ resource }) => `Could not create the ${inWords(resource)}`,
  'notifications.editError': ({ resource }) => `Could not save the ${inWords(resource)}`,
  'notifications.deleteError': ({ resource }) => `Could not delete the ${inWords(resource)}`,
  'notifications.error': () => toasts.requestFailed,
};

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    // translate(key, defaultMessage) is the short form.
    const fallback = typeof options === 'string' ? options : defaultMessage;
    const title = TITLES[key];
    return title ? title(typeof options === 'object' && options !== null ? (options as Options) : {}) : (fallback ?? key);
  },
  changeLocale: async () => undefined,
  getLocale: () => 'en',
};
