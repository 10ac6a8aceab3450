import { reasonStatus, statedStatus } from './diagnosis';

/**
 * A mail server's plain-text bounce: how to tell it is one of its reports, where the copy of the
 * original message starts in it, and what it means when it states no reason. Every format is a
 * row here; the reading itself (recipients, status) is the same for all of them.
 */
export type TextFormat = {
  name: string;
  /** A line of the report only this server writes. */
  says?: RegExp;
  /** The report's sender, for servers whose words other servers share (Exim's, in GMX and Mail.ru). */
  from?: RegExp;
  subject?: RegExp;
  /** Where the copy of the original message starts, when it is in the text rather than attached. */
  original?: RegExp;
  /** The report's own words for "I have given up" and "I am still trying", when it gives no reason. */
  permanent?: RegExp;
  temporary?: RegExp;
};

const QMAIL_ORIGINAL = /^--- (?:Below this line is a copy of the message|Enclosed are the original headers of the message)/m;
const EXIM_SAYS = /^This message was created automatically by mail delivery software/m;
const EXIM_ORIGINAL =
  /^-{3,6} (?:This is a copy of the message, including all the headers|The header of the original message is following|The body of the message is \d+ characters long|Original message headers)/m;
const EXIM_PERMANENT = /This is a permanent error|could not be delivered to one or more of\s+its\s+recipients/;

/** First match wins: a server's own words before the words it shares with others. */
export const TEXT_FORMATS: readonly TextFormat[] = [
  { name: 'gmx', from: /@(?:[\w-]+\.)*gmx\.[a-z]{2,3}\b/i, says: EXIM_SAYS, original: EXIM_ORIGINAL, permanent: EXIM_PERMANENT },
  { name: 'mail.ru', from: /@(?:[\w-]+\.)*mail\.ru\b/i, says: EXIM_SAYS, original: EXIM_ORIGINAL, permanent: EXIM_PERMANENT },
  { name: 'zoho', from: /@(?:[\w-]+\.)*zoho(?:mail)?\.[a-z]{2,3}\b/i, says: EXIM_SAYS, permanent: EXIM_PERMANENT },
  {
    name: 'aol',
    from: /@(?:[\w-]+\.)*aol\.com\b/i,
    says: /^Sorry, we were unable to deliver your message to the following address|^\s*-{3,} The following addresses had permanent fatal errors -{3,}/m,
    original: /^--- Below this line is a copy of the message|^\s*-{3,} (?:Original message follows|Unsent message follows)/m,
    permanent: /unable to deliver|permanent fatal errors/,
  },
  {
    name: 'yahoo',
    says: /^Sorry, we were unable to deliver your message to the following address/m,
    original: QMAIL_ORIGINAL,
    permanent: /unable to deliver your message/,
  },
  {
    name: 'qmail',
    says: /^Hi\. This is the qmail-send program at /m,
    original: QMAIL_ORIGINAL,
    permanent: /This is a permanent error/,
    temporary: /This is a temporary error|been in the queue too long/,
  },
  {
    name: 'google-workspace',
    says: /^\*\* (?:Address not found|Message not delivered|Message blocked|Delivery incomplete|Message delayed|Message rejected) \*\*|^Your message wasn't delivered to /m,
    original: /^----- (?:Original message|Message header follows) -----/m,
    permanent: /\*\* (?:Address not found|Message not delivered|Message blocked|Message rejected) \*\*|wasn't delivered/,
    temporary: /\*\* (?:Delivery incomplete|Message delayed) \*\*|will (?:re)?try/,
  },
  {
    name: 'gmail',
    says: /^Delivery to the following recipients? (?:failed|has been delayed)|^Technical details of (?:permanent|temporary) failure/m,
    original: /^----- (?:Original message|Message header follows) -----/m,
    permanent: /failed permanently|Technical details of permanent failure/,
    temporary: /has been delayed|Technical details of temporary failure/,
  },
  {
    name: 'exchange-2007',
    says: /^Delivery has failed to these recipients or (?:distribution lists|groups):|^Diagnostic information for administrators:/m,
    original: /^Original message headers:/m,
    permanent: /will not try to redeliver|Delivery has failed/,
    temporary: /has been delayed|will (?:continue to )?(?:re)?try/,
  },
  {
    name: 'exchange-2003',
    says: /did not reach the following recipient\(s\):/,
    permanent: /did not reach/,
  },
  {
    name: 'lotus-notes',
    says: /^-{3,}\s*Failure Reasons\s*-{3,}/m,
    original: /^-{3,}\s*Returned Message\s*-{3,}/m,
    permanent: /Failure Reasons/,
  },
  {
    name: 'lotus-domino',
    says: /^Your message[\s\S]{0,400}?\bwas not delivered to:/m,
    subject: /^DELIVERY FAILURE:/i,
    permanent: /was not delivered to/,
  },
  {
    name: 'groupwise',
    says: /The message that you sent was undeliverable to the following:/,
    original: /^\s*Possibly truncated original message follows:/m,
    permanent: /was undeliverable/,
  },
  {
    name: 'mimecast',
    says: /^This is an automated alert notification\. Please do not reply\./m,
    subject: /Email Delivery Failure/i,
    permanent: /could not be delivered/,
  },
  {
    name: 'courier',
    says: /running the Courier mail server/,
    permanent: /UNDELIVERABLE MAIL|cannot be delivered/,
    temporary: /DELAYED MAIL|has not yet been delivered/,
  },
  {
    name: 'postfix',
    says: /^This is the (?:Postfix program|mail system) at host /m,
    original: /^-{3,} (?:Delivery report unavailable|Undelivered message follows) -{3,}|^Content-Description: Undelivered Message/m,
    permanent: /could not\s+be delivered to one or more|I'm sorry to have to inform you/,
    temporary: /Delayed Mail|will (?:continue to )?(?:re)?try|has not been delivered yet/,
  },
  {
    name: 'sendmail',
    says: /^\s*-{3,} ?(?:Transcript of session follows|The following addresses had (?:permanent fatal|transient non-fatal) errors) ?-{3,}/m,
    subject: /^Returned mail:/i,
    original: /^\s*-{3,} ?(?:Original message follows|Unsent message follows|Message header follows|Returned message|Original message headers follow|Returned mail follows) ?-{3,}/m,
    permanent: /permanent fatal errors|Returned mail: (?:see transcript|User unknown|Service unavailable)/,
    temporary: /transient non-fatal errors|Warning: could not send message for past|Cannot send message for \d+ days|will (?:continue to )?(?:re)?try/,
  },
  {
    name: 'exim',
    says: EXIM_SAYS,
    original: EXIM_ORIGINAL,
    permanent: EXIM_PERMANENT,
    temporary: /has not yet been delivered|still (?:being )?tried/,
  },
];

/** A report whose sender and subject say bounce, in a format not in the table; its subject says failure or delay. */
const GENERIC: TextFormat = {
  name: 'mail server',
  original:
    /^\s*(?:-{2,} ?)?(?:Original message|Returned message|Message headers? follows?|Unsent message follows|Below this line is a copy of the message|Below is a copy of the original message|The original message (?:headers? )?(?:follows?|is attached))[^\n]*$/im,
  permanent: /failure|failed|undeliver|not delivered|returned|error/i,
  temporary: /\(delay\)|delayed|warning|still trying/i,
};
const BOUNCE_SENDER = /\b(?:mailer[- ]daemon|postmaster|post_master|mail ?deliver(?:y)? (?:system|subsystem)|mmsc ndr)\b/i;
const BOUNCE_SUBJECT =
  /undeliver|undelivered|not delivered|delivery (?:status notification|failure|failed|has failed|problem|notification)|returned mail|failure notice|mail delivery failed|could not be delivered|non[- ]?remis|nicht zustellbar|unzustellbar|no se pudo entregar|не доставлено|недоставленное/i;

export type TextBounce = {
  format: string;
  /** RFC 3463 status (or a pseudo-status from the text); null when the text gives no clue. */
  status: string | null;
  /** Addresses the report names as failed, best first. */
  recipients: string[];
  /** The copy of the original message the report quotes in its text, when it does. */
  original: string | null;
};

const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Where a report names a failed recipient: alone on its line, `<a@b>:`, `-- a@b`, `"a@b":`, `Neko<mailto:a@b>`.
const RECIPIENT_LINE = /^[\s>*-]*(?:[^\n<@]*<(?:mailto:)?)?"?([^\s<>"@:]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})"?>?(?::|\s*$|\s+(?:on |\(|\w))/gm;
const NOT_A_RECIPIENT = /^(?:mailer-daemon|postmaster|post_master|bounce\+|unsubscribe\+)/i;

const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]*[ \t]*:/;
const ORIGINAL_HEADER = /^(?:received|return-path|message-id|date|from|subject|to)[ \t]*:/i;

/**
 * Where a copy of the original starts when no line announces it (Zoho, DragonFly): the first run of
 * four header lines (folded lines count with theirs) that names the original's Received, Date, From…
 */
function headerBlockStart(text: string): { index: number; 0: string } | null {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const run: string[] = [];
    for (let j = i; j < lines.length && run.length < 4; j += 1) {
      if (HEADER_LINE.test(lines[j]!)) run.push(lines[j]!);
      else if (!(run.length > 0 && /^[ \t]\S/.test(lines[j]!))) break;
    }
    if (run.length === 4 && run.filter((line) => ORIGINAL_HEADER.test(line)).length >= 2) return { index: offset, 0: '' };
    offset += lines[i]!.length + 1;
  }
  return null;
}

/** The format a report is written in, or null when it is no bounce we know. */
export function textFormatOf(text: string, from: string, subject: string): TextFormat | null {
  const known = TEXT_FORMATS.find(
    (format) => (!format.from || format.from.test(from)) && (format.says?.test(text) || (format.subject?.test(subject) && !format.from)),
  );
  if (known) return known;
  return fromMailSystem(from) && BOUNCE_SUBJECT.test(subject) ? GENERIC : null;
}

/** Whether a From names a mail system (MAILER-DAEMON, postmaster, "Mail Delivery Subsystem") rather than a person. */
export const fromMailSystem = (from: string) => BOUNCE_SENDER.test(from);

/**
 * Reads a text bounce: the report is the text before the copy of the original; its recipients
 * are the addresses it names (the original's sender aside), its status what its words say, else
 * what the format (or the subject of a report in no known format) says of all its failures.
 */
export function readTextBounce(format: TextFormat, text: string, subject: string, excluded: ReadonlySet<string>): TextBounce {
  const cut = format.original?.exec(text) ?? GENERIC.original!.exec(text) ?? headerBlockStart(text);
  const report = (cut ? text.slice(0, cut.index) : text).replace(/^> ?/gm, '');
  const original = cut ? text.slice(cut.index + cut[0].length) : null;
  const wanted = (address: string) => !excluded.has(address.toLowerCase()) && !NOT_A_RECIPIENT.test(address);
  const recipients = [
    ...[...report.matchAll(RECIPIENT_LINE)].map((match) => match[1]!),
    ...(report.match(ADDRESS) ?? []),
  ]
    .map((address) => address.toLowerCase())
    .filter(wanted);
  const says = format === GENERIC ? subject : report;
  // What the report states, then how it calls all its failures (a server's "permanent error"), then the reason in words.
  const status =
    statedStatus(report) ?? (format.temporary?.test(says) ? '4.0.0' : format.permanent?.test(says) ? '5.0.0' : null) ?? reasonStatus(report);
  return { format: format.name, status, recipients: [...new Set(recipients)], original };
}
