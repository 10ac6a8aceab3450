import * as z from 'zod/mini';
import { plainText } from './rules';

/** The review funnel: what a review page records, the feedback form, and what owners read. */

export const REVIEW_EVENT_KINDS = ['visit', 'click', 'feedback'] as const;
export type ReviewEventKind = (typeof REVIEW_EVENT_KINDS)[number];

export const FEEDBACK_MAX = 2000;
/** A rating at or below this alerts the owner by email and is marked in the feedback inbox. */
export const LOW_RATING_MAX = 3;

export const feedbackMessages = {
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  messageMax: `Your message must not exceed ${FEEDBACK_MAX.toLocaleString('en-US')} characters.`,
} as const;

/** The review page's private feedback form (form-encoded: every value arrives as text). */
export const feedbackSchema = z.object({
  rating: z.pipe(
    z.string({ error: feedbackMessages.ratingRequired }).check(z.regex(/^[1-5]$/, feedbackMessages.ratingRequired)),
    z.transform(Number),
  ),
  message: z._default(
    z.string().check(z.trim(), z.maxLength(FEEDBACK_MAX, feedbackMessages.messageMax), plainText('Your message', true)),
    '',
  ),
});

/** How far a campaign's review requests got, each recipient counted once per step. */
export type ReviewFunnel = {
  sent: number;
  delivered: number;
  visited: number;
  clicked: number;
  feedback: number;
  /** Visits and clicks by link scanners and previews: recorded, never counted above. */
  automated: number;
};
export type SiteClicks = { name: string; clicks: number };

/** A recipient's furthest step: sent < visited < clicked; feedback is shown beside it. */
export type ReviewStep = 'sent' | 'visited' | 'clicked';

export type FeedbackItem = {
  id: number;
  rating: number;
  message: string;
  createdAt: string;
  campaignId: number;
  campaignName: string;
  contactName: string | null;
};

/** GET /reputation/get-summary/{businessId}?from=&to= */
export type ReputationSummary = {
  from: string;
  to: string;
  requests: number;
  visits: number;
  clicks: number;
  sites: SiteClicks[];
  feedback: { count: number; averageRating: number | null };
  /** One row per day of the period (UTC). */
  days: Array<{ day: string; requests: number; visits: number; clicks: number }>;
  campaigns: Array<{ id: number; name: string; requests: number; visits: number; clicks: number; feedback: number }>;
  inbox: FeedbackItem[];
};

/** The dashboard's periods, in days; 30 is the default. */
export const REPUTATION_PERIODS = [7, 30, 90] as const;
export const DEFAULT_REPUTATION_PERIOD = 30;

export const reputationMessages = {
  dateInvalid: (label: string) => `${label} must be a date written as YYYY-MM-DD`,
  rangeInvalid: 'The period must start on or before its end and span at most 366 days.',
} as const;
export const REPUTATION_PERIOD_MAX_DAYS = 366;
/** The feedback inbox shows this many, newest first. */
export const INBOX_MAX = 200;
