import type { ReviewFunnel, ReviewStep } from '#domain/reviews';
import type { CountBar } from './CountBars';

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
