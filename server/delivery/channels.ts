import type { CampaignType, ChannelName } from '#domain';
import type { AppConfig } from '../config';
import type { Channel } from './channel-types';
import { emailChannel } from './email';
import { smsChannel } from './sms';

/** Without a configured channel, messages are stored (state 'outbox'), counted and never dropped. */
const outboxChannel: Channel = {
  name: 'outbox',
  send: async (messages) => messages.map(({ id, attempts }) => ({ id, attempts, result: 'outbox' as const })),
  close: async () => {},
};

/** How a campaign type is sent with this configuration, or why it cannot be. */
export type ChannelSetup = { name: ChannelName } | { name: 'unusable'; reason: string };

export function channelSetup(type: CampaignType, config: AppConfig): ChannelSetup {
  if (type === 'EMAIL') return { name: config.delivery.smtpUrl ? 'smtp' : 'outbox' };
  const { accountSid, authToken } = config.delivery.twilio;
  if (!accountSid && !authToken) return { name: 'outbox' };
  const missing = [!accountSid && 'TWILIO_ACCOUNT_SID', !authToken && 'TWILIO_AUTH_TOKEN', !config.smsFrom && 'SMS_FROM'].filter(Boolean);
  if (missing.length) return { name: 'unusable', reason: `Text messages cannot be sent: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set.` };
  return { name: 'twilio' };
}

/** One worker's channels, opened when first needed (the SMTP pool stays open between batches). */
export class Channels {
  private readonly open = new Map<CampaignType, Channel>();

  constructor(private readonly config: AppConfig) {}

  for(type: CampaignType): Channel | { unusable: string } {
    const setup = channelSetup(type, this.config);
    if (setup.name === 'unusable') return { unusable: setup.reason };
    if (setup.name === 'outbox') return outboxChannel;
    let channel = this.open.get(type);
    if (!channel) {
      channel = setup.name === 'smtp' ? emailChannel(this.config) : smsChannel(this.config);
      this.open.set(type, channel);
    }
    return channel;
  }

  async close() {
    await Promise.all([...this.open.values()].map((channel) => channel.close()));
    this.open.clear();
  }
}
