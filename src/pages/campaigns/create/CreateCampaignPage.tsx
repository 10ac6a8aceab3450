import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Spin, Steps, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { CampaignType } from '../../../domain/campaigns';
import { useSelectedBusiness } from '../../../providers/selected-business';
import { SetupForm } from './SetupForm';
import { useCampaignWizard, WIZARD_STEPS } from './useCampaignWizard';

const TYPE_CHOICES: Array<{ type: CampaignType; title: string; icon: React.ReactNode; text: string }> = [
  { type: 'EMAIL', title: 'Email Campaign', icon: <MailOutlined />, text: 'A message with a subject, sent to email addresses.' },
  { type: 'SMS', title: 'Text message Campaign', icon: <MessageOutlined />, text: 'A short text message, sent to phone numbers.' },
];

export default function CreateCampaignPage() {
  const business = useSelectedBusiness()!;
  const [params] = useSearchParams();
  const editId = params.get('edit') ? Number(params.get('edit')) : null;
  const wizard = useCampaignWizard(business, editId);

  if (editId !== null && !wizard.editing) {
    return wizard.editNotFound ? (
      <Alert type="error" showIcon message="This campaign cannot be edited: it does not exist in this business." />
    ) : (
      <Spin />
    );
  }

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {wizard.editing ? `Edit ${wizard.editing.name}` : 'Create new campaign'}
      </Typography.Title>
      <Steps current={wizard.step} items={WIZARD_STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />

      {wizard.step === 0 && (
        <Flex gap={16} wrap>
          {TYPE_CHOICES.map((choice) => (
            <Card
              key={choice.type}
              hoverable
              role="radio"
              aria-checked={wizard.type === choice.type}
              onClick={() => wizard.setType(choice.type)}
              style={{ width: 280, borderColor: wizard.type === choice.type ? '#4f46e5' : undefined, borderWidth: 2 }}
            >
              <Flex vertical gap={8}>
                <span style={{ fontSize: 28 }}>{choice.icon}</span>
                <Typography.Text strong>{choice.title}</Typography.Text>
                <Typography.Text type="secondary">{choice.text}</Typography.Text>
              </Flex>
            </Card>
          ))}
        </Flex>
      )}

      {wizard.step === 1 && (
        <Flex vertical gap={8} style={{ maxWidth: 480 }}>
          <Typography.Text strong>Campaign name</Typography.Text>
          <Input
            aria-label="Campaign name"
            value={wizard.name}
            onChange={(event) => wizard.setName(event.target.value)}
            placeholder="e.g. Spring review request"
          />
          <Typography.Text type="secondary">
            Unique within your business and not visible to customers. Best 10 to 50 characters: letters, digits, spaces and hyphens.
          </Typography.Text>
        </Flex>
      )}

      {wizard.step === 2 && wizard.type && <SetupForm business={business} type={wizard.type} name={wizard.name} wizard={wizard} />}

      <Flex gap={8} style={{ marginTop: 24 }}>
        <Button disabled={!wizard.canGoBack} onClick={wizard.previous}>
          Previous
        </Button>
        {wizard.step < WIZARD_STEPS.length - 1 && (
          <Button type="primary" disabled={!wizard.canGoNext} onClick={wizard.next}>
            Next
          </Button>
        )}
      </Flex>
    </Card>
  );
}
