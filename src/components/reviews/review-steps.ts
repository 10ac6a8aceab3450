import type { RatingSummary, ReviewFunnel, ReviewStep } from '#domain/reviews';
import type { CountBar } from './CountBars';
import { counted } from '#domain/words';

/** The funnel's steps in order, as the details page and the dashboard name them. */
export const funnelBars = (funnel: ReviewFunnel): CountBar[] => [
  { label: 'Sent', value: funnel.sent, testId: 'funnel-sent' },
  { label: 'Delivered', value: funnel.delivered, testId: 'funnel-delivered' },
  { label: 'Opened the review page', value: funnel.visited, testId: 'funnel-visited' },
  { label: 'Clicked a review site', value: funnel.clicked, testId: 'funnel-clicked' },
  { label: 'Left private feedback', value: funnel.feedback, testId: 'funnel-feedback' },
];

export const REVIEW_STEP_LABELS: Record<ReviewStep, { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'default' },
  visited: { label: 'Opened the page', color: 'blue' },
  clicked: { label: 'Clicked a site', color: 'green' },
};

/** '★★☆☆☆ 2 of 5' in words for screen readers too. */
export const ratingText = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} ${rating} of 5`;

/** "3 customers rated their visit: 4.3 of 5 on average" (each once, with their last choice). */
export const ratingsLine = ({ count, averageRating }: RatingSummary) =>
  count === 0 || averageRating === null
    ? 'No customer has chosen a rating yet.'
    : `${counted(count, 'customer')} rated their visit: ${averageRating} of 5 on average.`;
