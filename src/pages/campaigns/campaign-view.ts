import type { BusinessTime } from '../../business/business-time';
import { type Campaign } from '#domain/campaign-schemas';
import { BRAND_COLOR } from '../../theme';
import { displayStatus, displayStatusColor, displayStatusLabel, type DisplayStatus } from '#domain/campaign-status';
import { counted } from '#domain/words';

/**
 * antd Tag colours for the domain's badge colours. The theme's primary colour is the brand colour,
 * so 'primary' (Created) is its light tag ('blue') and 'brand' (Running) the solid one: no two alike.
 */
export function badgeColor(status: string): string {
  const color = displayStatusColor(status);
  if (color === 'primary') return 'blue';
  if (color === 'brand') return BRAND_COLOR;
  return color === 'yellow' ? 'gold' : color;
}

export const statusBadge = (campaign: Pick<Campaign, 'status' | 'startTime'>) => {
  const status = displayStatus(campaign);
  return { status, label: displayStatusLabel(status) };
};

/**
 * 'Scheduled for: {long date/time}' or 'Scheduled date is not set'; once a campaign has started,
 * its start time is when it started, so the line says that instead.
 */
export const scheduleLine = (campaign: Pick<Campaign, 'startTime' | 'status'>, times: BusinessTime) => {
  if (!campaign.startTime) return 'Scheduled date is not set';
  return `${campaign.status === 'CREATED' ? 'Scheduled for' : 'Started'}: ${times.longDateTime(campaign.startTime)}`;
};

const CHANNEL_WORDS: Record<Campaign['type'], string> = { EMAIL: 'email', SMS: 'text message' };

/** What Launch and Schedule ask first: 'Send to 19 recipients by email now?' */
export const launchQuestion = (recipients: number, type: Campaign['type'], startTime: string | null, times: BusinessTime) =>
  `Send to ${counted(recipients, 'recipient')} by ${CHANNEL_WORDS[type]} ${startTime ? `on ${times.longDateTime(startTime)}` : 'now'}?`;

export type CampaignFilters = { type: 'ALL' | Campaign['type']; status: 'ALL' | DisplayStatus; name: string };
export const NO_FILTERS: CampaignFilters = { type: 'ALL', status: 'ALL', name: '' };

export function matchesFilters(campaign: Campaign, filters: CampaignFilters) {
  if (filters.type !== 'ALL' && campaign.type !== filters.type) return false;
  if (filters.status !== 'ALL' && displayStatus(campaign) !== filters.status) return false;
  const name = filters.name.trim().toLowerCase();
  return !name || campaign.name.toLowerCase().includes(name);
}

/** The summary panel, computed from the business's campaigns (the spec's numbers were placeholders). */
export function campaignSummary(campaigns: readonly Campaign[]) {
  return {
    total: campaigns.length,
    active: campaigns.filter((campaign) => campaign.status === 'IN_PROGRESS').length,
    email: campaigns.filter((campaign) => campaign.type === 'EMAIL').length,
    sms: campaigns.filter((campaign) => campaign.type === 'SMS').length,
  };
}
