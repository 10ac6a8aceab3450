/** Campaign statuses and types, their labels and colours, and the action table (spec sections 2 and 4). */

export const CAMPAIGN_STATUSES = ['CREATED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_TYPES = ['SMS', 'EMAIL'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = { SMS: 'Text message', EMAIL: 'Email' };

/** SCHEDULED is display-only: a CREATED campaign with a start time. */
export type DisplayStatus = CampaignStatus | 'SCHEDULED';

export function displayStatus(campaign: { status: string; startTime: string | null | undefined }): DisplayStatus {
  if (campaign.status === 'CREATED' && campaign.startTime) return 'SCHEDULED';
  return campaign.status as DisplayStatus;
}

export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  CREATED: 'Created',
  SCHEDULED: 'Scheduled',
  IN_PROGRESS: 'Running',
  PAUSED: 'Paused',
  FAILED: 'Failed',
  COMPLETED: 'Completed',
  CANCELED: 'Canceled',
};
export const UNKNOWN_STATUS_LABEL = 'Unknown Status';

const isDisplayStatus = (status: string): status is DisplayStatus => Object.hasOwn(DISPLAY_STATUS_LABELS, status);

export const displayStatusLabel = (status: string): string =>
  isDisplayStatus(status) ? DISPLAY_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;

/**
 * Badge colours: 'primary' and 'brand' are theme colours, the others antd's names. The spec's
 * table, except that canceled is grey ('default'), not red like failed: an owner tells each
 * status by its colour (issue 12).
 */
export const DISPLAY_STATUS_COLORS: Record<DisplayStatus, string> = {
  CREATED: 'primary',
  SCHEDULED: 'orange',
  IN_PROGRESS: 'brand',
  PAUSED: 'yellow',
  FAILED: 'red',
  CANCELED: 'default',
  COMPLETED: 'green',
};
export const displayStatusColor = (status: string): string =>
  isDisplayStatus(status) ? DISPLAY_STATUS_COLORS[status] : 'default';

/**
 * The overview's status filter: 'Created' is CREATED without a start time, 'Scheduled' with one.
 * Each option says what its badge says (the spec's filter called IN_PROGRESS 'In progress', its
 * badge 'Running'; one word now, the badge's).
 */
export const CAMPAIGN_STATUS_FILTERS: ReadonlyArray<{ value: DisplayStatus; label: string }> = (
  ['CREATED', 'SCHEDULED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED'] as const
).map((value) => ({ value, label: DISPLAY_STATUS_LABELS[value] }));

/** The action table of spec section 4. */
export const CAMPAIGN_ACTIONS = {
  start: ['CREATED', 'PAUSED'],
  pause: ['IN_PROGRESS'],
  cancel: ['CREATED', 'IN_PROGRESS', 'PAUSED'],
  duplicate: ['CREATED', 'PAUSED', 'IN_PROGRESS', 'CANCELED', 'FAILED', 'COMPLETED'],
  edit: ['CREATED'],
  delete: ['CREATED', 'CANCELED', 'FAILED', 'COMPLETED'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignAction = keyof typeof CAMPAIGN_ACTIONS;
export const CAMPAIGN_ACTION_NAMES = Object.keys(CAMPAIGN_ACTIONS) as CampaignAction[];

const isCampaignAction = (action: string): action is CampaignAction => Object.hasOwn(CAMPAIGN_ACTIONS, action);

/** Throws 'Invalid action' (spec section 8) for an action that is not in the table. */
export function allowedStatuses(action: string): readonly CampaignStatus[] {
  if (!isCampaignAction(action)) throw new Error('Invalid action');
  return CAMPAIGN_ACTIONS[action];
}

export const isActionAllowed = (action: string, status: string): boolean =>
  (allowedStatuses(action) as readonly string[]).includes(status);

const ACTION_PAST_PARTICIPLES: Record<CampaignAction, string> = {
  start: 'started',
  pause: 'paused',
  cancel: 'canceled',
  duplicate: 'duplicated',
  edit: 'edited',
  delete: 'deleted',
};

/** 'This campaign cannot be paused because it is Completed.' */
export const actionRefusedMessage = (action: CampaignAction, campaign: { status: string; startTime: string | null }) =>
  `This campaign cannot be ${ACTION_PAST_PARTICIPLES[action]} because it is ${displayStatusLabel(displayStatus(campaign))}.`;

/** What a campaign's menu calls an action: starting a paused campaign again is resuming it. */
export const campaignActionLabel = (action: CampaignAction, status: string) =>
  action === 'start' && status === 'PAUSED' ? 'Resume' : `${action[0]!.toUpperCase()}${action.slice(1)}`;

// Pausing, resuming and duplicating can be undone (README, departures): their dialogs say what happens instead.
const UNDOABLE_CONFIRMATIONS = {
  pause: 'Are you sure you want to pause this campaign. Nothing more is sent until you resume it.',
  resume: 'Are you sure you want to resume this campaign. Its remaining messages will be sent; you can pause it again.',
  duplicate: 'Are you sure you want to duplicate this campaign. The copy is saved as a draft that you can edit or delete.',
};

/** The confirmation for an action: section 8's text where the action cannot be undone. */
export function actionConfirmationMessage(action: CampaignAction, status: string) {
  const label = campaignActionLabel(action, status).toLowerCase();
  if (Object.hasOwn(UNDOABLE_CONFIRMATIONS, label)) return UNDOABLE_CONFIRMATIONS[label as keyof typeof UNDOABLE_CONFIRMATIONS];
  return `Are you sure you want to ${label} this campaign. This action cannot be reverted.`;
}
