import { PRODUCT_NAME, type CampaignType, type ChannelName } from '#domain';
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

/**
 * Without an SMS sender: what the operator must set, as a request the owner can forward as it is
 * (the wizard shows it); null when text messages have a sender.
 */
export function smsSetupRequest(config: AppConfig): string | null {
  if (config.smsFrom) return null;
  const { accountSid, authToken } = config.delivery.twilio;
  const twilio = [!accountSid && 'TWILIO_ACCOUNT_SID', !authToken && 'TWILIO_AUTH_TOKEN'].filter(Boolean).join(' and ');
  return (
    `Please set SMS_FROM in ${PRODUCT_NAME}'s settings to the phone number our text messages should come from ` +
    `(international form, such as +4915112345678) or to a sender name of up to 11 letters, digits and spaces` +
    `${twilio ? `, and ${twilio} of the Twilio account that sends them` : ''}, then restart ${PRODUCT_NAME}. ` +
    `Until then our text messages are not delivered.`
  );
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
