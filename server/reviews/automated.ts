/**
 * Visits that are not a person: link previews (chat apps, social networks), search crawlers and the
 * security scanners of mail and SMS providers, which open every link of a message as it arrives.
 * A missing user agent is a script too; browsers always send one.
 */
const AUTOMATED_AGENTS =
  /bot\b|bot\/|crawler|spider|preview|slack|facebookexternalhit|facebot|whatsapp|twitterbot|telegram|discord|skypeuripreview|linkedin|googlebot|google-(?:pagerenderer|read-aloud|safety)|bingbot|microsoft office|ms-office|outlook|safelinks|barracuda|proofpoint|mimecast|symantec|messagelabs|forcepoint|trend ?micro|ironport|zscaler|cisco|appriver|sophos|fortinet|python-requests|curl\/|wget\/|go-http-client|okhttp|java\//i;

/** Within this long after a message leaves, an opening is a scanner's: no person is that fast. */
export const JUST_SENT_MS = 2000;

/** Whether a request to a review link is automated, judging by its method and user agent alone. */
export function isAutomatedRequest(method: string, userAgent: string | undefined): boolean {
  return method === 'HEAD' || !userAgent?.trim() || AUTOMATED_AGENTS.test(userAgent);
}
