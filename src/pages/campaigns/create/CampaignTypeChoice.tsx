import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { Card, Flex, Typography, theme } from 'antd';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { CampaignType } from '#domain/campaign-status';

const TYPE_CHOICES: Array<{ type: CampaignType; title: string; icon: ReactNode; text: string }> = [
  { type: 'EMAIL', title: 'Email Campaign', icon: <MailOutlined />, text: 'A message with a subject, sent to email addresses.' },
  { type: 'SMS', title: 'Text message Campaign', icon: <MessageOutlined />, text: 'A short text message, sent to phone numbers.' },
];

type Props = { value: CampaignType | null; onChange(type: CampaignType): void };

/**
 * Step 1's two cards as a radio group (WAI-ARIA pattern): one Tab stop, the chosen card (or the
 * first) takes focus, arrow keys move and choose, Space and Enter choose.
 */
export function CampaignTypeChoice({ value, onChange }: Props) {
  const { token } = theme.useToken();
  const cards = useRef<Array<HTMLDivElement | null>>([]);
  const focusable = Math.max(0, TYPE_CHOICES.findIndex((choice) => choice.type === value));

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      const next = (index + step + TYPE_CHOICES.length) % TYPE_CHOICES.length;
      onChange(TYPE_CHOICES[next]!.type);
      cards.current[next]?.focus();
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onChange(TYPE_CHOICES[index]!.type);
    }
  };

  return (
    <Flex gap={16} wrap role="radiogroup" aria-label="Campaign type">
      {TYPE_CHOICES.map((choice, index) => (
        <Card
          key={choice.type}
          ref={(element) => {
            cards.current[index] = element;
          }}
          hoverable
          role="radio"
          aria-checked={value === choice.type}
          aria-label={choice.title}
          tabIndex={index === focusable ? 0 : -1}
          onClick={() => onChange(choice.type)}
          onKeyDown={onKeyDown(index)}
          className="campaign-type-card"
          style={value === choice.type ? { borderColor: token.colorPrimary } : undefined}
        >
          <Flex vertical gap={8}>
            <span className="campaign-type-icon">{choice.icon}</span>
            <Typography.Text strong>{choice.title}</Typography.Text>
            <Typography.Text type="secondary">{choice.text}</Typography.Text>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
