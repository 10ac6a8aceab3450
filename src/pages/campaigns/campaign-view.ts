import dayjs from 'dayjs';
import { displayStatus, displayStatusColor, displayStatusLabel, type Campaign, type DisplayStatus } from '../../domain/campaigns';

/** antd Tag colours for the domain's badge colours ('primary' and 'brand' are theme colours). */
export function badgeColor(status: string, theme: { primary: string; brand: string }): string {
  const color = displayStatusColor(status);
  if (color === 'primary') return theme.primary;
  if (color === 'brand') return theme.brand;
  return color === 'yellow' ? 'gold' : color;
}

export const statusBadge = (campaign: Pick<Campaign, 'status' | 'startTime'>) => {
  const status = displayStatus(campaign);
  return { status, label: displayStatusLabel(status) };
};

const longDateTime = (iso: string) => dayjs(iso).format('dddd, D MMMM YYYY [at] HH:mm');

/**
 * 'Scheduled for: {long date/time}' or 'Scheduled date is not set'; once a campaign has started,
 * its start time is when it started, so the line says that instead.
 */
export const scheduleLine = (campaign: Pick<Campaign, 'startTime' | 'status'>) => {
  if (!campaign.startTime) return 'Scheduled date is not set';
  return campaign.status === 'CREATED' ? `Scheduled for: ${longDateTime(campaign.startTime)}` : `Started: ${longDateTime(campaign.startTime)}`;
};

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
