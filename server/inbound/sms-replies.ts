/** The app's answers to keyword replies (CTIA: HELP names the sender and how to stop; STOP is confirmed once). */
export const smsReplies = {
  help: (business: string | null) =>
    `${business ?? 'Starboost'}: review requests by text. Reply STOP to unsubscribe. Msg & data rates may apply.`,
  stopped: (business: string) => `${business}: you are unsubscribed and will get no more messages. Reply START to subscribe again.`,
  started: (business: string) => `${business}: you are subscribed again. Reply STOP to unsubscribe. Msg & data rates may apply.`,
} as const;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A TwiML answer to an incoming message: one reply, or none. */
export const twiml = (message: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${
    message === null ? '' : `<Message>${message.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</Message>`
  }</Response>`;
