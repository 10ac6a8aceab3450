/**
 * A cookie the browser can read that says "this browser signed in" (never who: the session cookies
 * stay HttpOnly). Without it the app knows the visitor is signed out without asking the server, so a
 * signed-out page makes no session call and no 401 lands in the console.
 */
export const SIGNED_IN_HINT_COOKIE = 'sb_signed_in';
