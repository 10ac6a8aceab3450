import * as z from 'zod/mini';
import { CAMPAIGN_TYPES, type CampaignType } from './campaign-status';
import type { ReviewEventKind } from './reviews';

/** The suppression list (one per business) and a contact's history of opt-outs, bounces and complaints. */

export const SUPPRESSION_REASONS = ['unsubscribed', 'stop', 'hard_bounce', 'complaint', 'invalid_number'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  unsubscribed: 'unsubscribed',
  stop: 'STOP',
  hard_bounce: 'hard bounce',
  complaint: 'complaint',
  invalid_number: 'invalid number',
};

/** Only the contact can undo an opt-out they made; an owner may lift what the app concluded. */
export const LIFTABLE_REASONS: readonly SuppressionReason[] = ['hard_bounce', 'invalid_number'];

/**
 * The reasons that are the person's own opt-out: an address listed for one of them makes any
 * contact that gets it UNSUBSCRIBED (migration opt_out_integrity's `address_opted_out` lists the same).
 */
export const OPT_OUT_REASONS: readonly SuppressionReason[] = ['unsubscribed', 'stop', 'complaint'];

export const suppressedMessage = (reason: SuppressionReason) => `skipped: suppressed (${SUPPRESSION_REASON_LABELS[reason]})`;

export const CONTACT_EVENT_KINDS = ['opt_out', 'opt_in', 'hard_bounce', 'soft_bounce', 'complaint', 'suppressed', 'lifted'] as const;
export type ContactEventKind = (typeof CONTACT_EVENT_KINDS)[number];

/** An address of the business's suppression list, as the API answers it. */
export const suppressionSchema = z.object({
  id: z.int(),
  channel: z.enum(CAMPAIGN_TYPES),
  address: z.string().register(z.globalRegistry, { description: 'Lower-case email, or the phone number in international digits.' }),
  reason: z.enum(SUPPRESSION_REASONS),
  evidence: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const suppressionMessages = {
  notFound: 'Suppression not found.',
  notLiftable: 'Only the contact can undo a STOP or a complaint (by replying START, or by subscribing again).',
  lifted: 'Suppression lifted',
} as const;

/** One entry of a contact's history drawer, newest first. */
export type ContactHistoryItem =
  | {
      type: 'message';
      at: string;
      campaignId: number;
      campaignName: string;
      channel: CampaignType;
      state: string;
      error: string | null;
      bounce: string | null;
    }
  | { type: 'event'; at: string; channel: CampaignType; kind: ContactEventKind; source: string }
  /**
   * On their review page (automated visits, such as link scanners, left out). Repeats of one link's
   * visit, site click or star are one item: `times` says how often, `at` is the last time.
   */
  | {
      type: 'review';
      at: string;
      campaignId: number;
      campaignName: string;
      kind: ReviewEventKind;
      siteName: string | null;
      rating: number | null;
      message: string | null;
      times: number;
    };

/** GET /contact/get-contact-history/{businessId}/{id} */
export type ContactHistory = { items: ContactHistoryItem[]; suppressions: Suppression[] };

export const CONTACT_EVENT_LABELS: Record<ContactEventKind, string> = {
  opt_out: 'Opted out',
  opt_in: 'Opted in',
  hard_bounce: 'Hard bounce',
  soft_bounce: 'Soft bounce',
  complaint: 'Complaint',
  suppressed: 'Suppressed',
  lifted: 'Suppression lifted',
};
