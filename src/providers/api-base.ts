/** Where the API answers, for the HTTP client, the sign-in page's fetch calls and the list worker. */
export const API_BASE = '/api';
