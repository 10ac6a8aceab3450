/**
 * The placeholder the build writes as the nonce of index.html's tags (Vite's `html.cspNonce`); the
 * server puts each response's Content-Security-Policy nonce in its place.
 */
export const CSP_NONCE_PLACEHOLDER = 'STARBOOST_CSP_NONCE';
