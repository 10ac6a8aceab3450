/**
 * What a mail server's words say about a failed delivery: an RFC 3463 status such as 5.1.1 when
 * the text has one, else a pseudo-status from the SMTP reply code or from the reason in words.
 * The first digit is what counts here: 5 permanent (a hard bounce), 4 temporary (a soft one); a
 * full mailbox is temporary whatever its first digit.
 */

// RFC 3463 status, not part of an IP address or a version number (192.0.2.1, Exim 4.72.1).
const ENHANCED_STATUS = /(?<![\d.])([245])\.([0-7])\.(\d{1,3})(?!\d|\.\d)/;
// An SMTP reply code where servers write one: at a line's start, after "said:", "#", "(", a quote.
const REPLY_CODE = /(?:^|[\s:#("'[=])([45][0-5]\d)(?:[\s,;)-]|$)/m;

type Reason = { status: string; words: RegExp };

/**
 * A server that gave up after days of temporary failures, or is still trying: temporary, even in a
 * report that calls every failure permanent or quotes the last 5xx answer.
 */
const GAVE_UP_OR_WAITING: readonly Reason[] = [
  // The server gave up after days of temporary failures (Exim, qmail, Exchange): the address may be fine.
  {
    status: '4.4.7',
    words:
      /retry time(?:out)? (?:exceeded|not reached)|all hosts have been failing for a long time|been in the queue too long|(?:message|envelope) (?:has )?expired|delivery time expired|could not be delivered (?:with)?in \d+ (?:days|hours)|maximum time in queue|delivery expired/i,
  },
  // Still trying: a delay warning, not a failure.
  {
    status: '4.0.0',
    words:
      /will (?:continue to )?(?:re)?try|will be retried|still trying|has not (?:yet )?been delivered|not been delivered yet|(?:delivery|message) (?:is|has been) delayed|delayed delivery|temporar(?:y|ily) (?:failure|error|unavailable|rejected|deferred)|try again later/i,
  },
];

/**
 * A full mailbox (RFC 3463's X.2.2) in words. Servers answer it with 4xx or 5xx alike (Sun Messaging
 * Server and GMX with 5.2.2, Gmail's older text with 552): it is temporary whatever the code says,
 * as the owner may empty the mailbox tomorrow.
 */
export const MAILBOX_FULL =
  /mailbox (?:is )?full|over ?quota|quota (?:exceeded|full)|exceed(?:s|ed)? (?:the |(?:his|her|their) )?(?:storage|mailbox|disk) ?(?:allocation|quota|size|limit)|insufficient (?:disk )?(?:space|storage)|mailbox size limit/i;
const MAILBOX_FULL_STATUS = '4.2.2';

/** Reasons in words, for a text without a status or reply code. Each status is what RFC 3463 gives the reason. */
const REASONS: readonly Reason[] = [
  { status: MAILBOX_FULL_STATUS, words: MAILBOX_FULL },
  { status: '4.4.1', words: /connection (?:timed out|refused|reset)|could ?n[o']t connect|no route to host|host (?:is )?unreachable|network is unreachable|connect(?:ion)? to [\w.[\]-]+ failed/i },
  {
    status: '5.1.1',
    words:
      /user ?unknown|unknown (?:user|recipient|local (?:user|part))|no such (?:user|mailbox|recipient|address|account|person)|(?:recipient|address|user|mailbox|account|addressee)(?: name)? (?:does ?n[o']t exist|not found|unknown|is unknown|unavailable|is unavailable|not (?:recognized|recognised|valid|listed)|is (?:not valid|invalid|disabled|inactive|deactivated|suspended)|invalid|disabled|deactivated)|invalid (?:recipient|mailbox|address|user)|not listed in (?:the )?(?:domino )?directory|mailbox unavailable|address couldn't be found|user not found|unrouteable address|no mailbox (?:here|by that name)|RecipNotFound|RecipientNotFound|account (?:has been )?(?:disabled|suspended|deactivated|closed)|mailbox (?:has been )?(?:disabled|closed|deleted)|does not have an account|undeliverable address|address (?:rejected|unknown)|bad (?:destination|recipient) (?:mailbox )?address/i,
  },
  {
    status: '5.1.2',
    words:
      /host (?:or domain name )?not found|domain (?:name )?(?:does ?n[o']t exist|not found|unknown)|unrouteable (?:mail )?domain|no mx (?:record|host)|name or service not known|(?:host|domain) unknown|unknown (?:host|domain)|DNS (?:error|lookup failed)|could not be resolved/i,
  },
  { status: '5.3.4', words: /message (?:is )?too (?:big|large)|message size exceeds|exceeds? (?:the )?(?:maximum )?(?:message )?size (?:limit)?/i },
  { status: '5.7.1', words: /spam|blocked|blacklist|blocklist|denied|not allowed|rejected|refused|policy|prohibited|unauthori[sz]ed/i },
];

/** X.2.2 (mailbox full): temporary, whichever first digit the server wrote. */
export const isMailboxFullStatus = (status: string) => /^[45]\.2\.2$/.test(status);

/** The RFC 3463 status written in a text (5.1.1), or null. */
export function statusCodeIn(text: string): string | null {
  const match = ENHANCED_STATUS.exec(text);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

/** The first SMTP reply code written in a text (550), or null. */
export function replyCodeIn(text: string): string | null {
  return REPLY_CODE.exec(text)?.[1] ?? null;
}

/**
 * The status a failure's text states: a status written in it, a server that gave up or still
 * tries, the SMTP reply code (550 gives 5.0.0). Null when it states none of these.
 */
export function statedStatus(text: string): string | null {
  const written = statusCodeIn(text);
  // A full mailbox is temporary whatever the status or reply code beside it says.
  if (MAILBOX_FULL.test(text) && !(written && isMailboxFullStatus(written))) return MAILBOX_FULL_STATUS;
  if (written) return written;
  const temporary = GAVE_UP_OR_WAITING.find((candidate) => candidate.words.test(text));
  if (temporary) return temporary.status;
  const reply = replyCodeIn(text);
  return reply ? `${reply[0]}.0.0` : null;
}

/** The status of the reason a failure's text gives in words (mailbox full, user unknown), or null. */
export const reasonStatus = (text: string): string | null => REASONS.find((candidate) => candidate.words.test(text))?.status ?? null;

/** The status a failure's text says: what it states, else what its reason in words means. */
export const diagnose = (text: string): string | null => statedStatus(text) ?? reasonStatus(text);
