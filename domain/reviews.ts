import * as z from 'zod/mini';
import { plainText } from './rules';

/** The review funnel: what a review page records, the feedback form, and what owners read. */

/** A 'rating' is a star chosen on the page or in the email; feedback carries the rating it was sent with. */
export const REVIEW_EVENT_KINDS = ['visit', 'click', 'feedback', 'rating'] as const;
export type ReviewEventKind = (typeof REVIEW_EVENT_KINDS)[number];

export const FEEDBACK_MAX = 2000;
/** A rating at or below this alerts the owner by email and is marked in the feedback inbox. */
export const LOW_RATING_MAX = 3;
/** Per review link and hour: private messages taken, and star choices recorded (a flood records nothing more). */
export const FEEDBACK_PER_HOUR = 5;
export const RATINGS_PER_HOUR = 20;

export const feedbackMessages = {
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  messageMax: `Your message must not exceed ${FEEDBACK_MAX.toLocaleString('en-US')} characters.`,
  tooMany: 'You have sent several messages in the last hour. Please try again later.',
  tooManyRatings: 'Your rating has changed many times in the last hour. Please try again later.',
} as const;

/** A star as the page, the form and the email's links send it: "1" to "5". */
const RATING = /^[1-5]$/;

/** The rating a form field or query value names; anything else is no rating. */
export const parseRating = (value: unknown): number | null => (typeof value === 'string' && RATING.test(value) ? Number(value) : null);

/**
 * The review page's private feedback form (form-encoded: every value arrives as text). The rating
 * is optional here: the star the customer chose (and the page recorded) is used when it is left out.
 */
export const feedbackSchema = z.object({
  rating: z.pipe(
    z.optional(z.string({ error: feedbackMessages.ratingRequired }).check(z.regex(RATING, feedbackMessages.ratingRequired))),
    z.transform((value: string | undefined) => parseRating(value)),
  ),
  message: z._default(
    z.string().check(z.trim(), z.maxLength(FEEDBACK_MAX, feedbackMessages.messageMax), plainText('Your message', true)),
    '',
  ),
});

const count = z.int();

/** How far a campaign's review requests got, each recipient counted once per step (an answer's part). */
export const reviewFunnelSchema = z.object({
  sent: count,
  delivered: count,
  visited: count,
  clicked: count,
  feedback: count,
  /** Visits and clicks by link scanners and previews: recorded, never counted above. */
  automated: count,
});
export type ReviewFunnel = z.infer<typeof reviewFunnelSchema>;
/** Recipients who chose a star (on the page, in the email or with their feedback), each once with their last choice. */
export const ratingSummarySchema = z.object({ count, averageRating: z.nullable(z.number()) });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
/** A review site's button clicks. */
export const siteClicksSchema = z.object({ name: z.string(), clicks: count });
export type SiteClicks = z.infer<typeof siteClicksSchema>;

/** A recipient's furthest step: sent < visited < clicked; feedback is shown beside it. */
export const REVIEW_STEPS = ['sent', 'visited', 'clicked'] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];

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
  /** Recipients who sent private feedback, each once; the average of their ratings. */
  feedback: { count: number; averageRating: number | null };
  /** Every recipient's last star choice made in the period, each once. */
  ratings: RatingSummary;
  /** One row per day of the period (UTC). */
  days: Array<{ day: string; requests: number; visits: number; clicks: number }>;
  campaigns: Array<{ id: number; name: string; requests: number; visits: number; clicks: number; feedback: number }>;
  /** The review automation's requests in the period, beside the campaigns; null when it has none. */
  automation: { requests: number; visits: number; clicks: number; feedback: number } | null;
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
