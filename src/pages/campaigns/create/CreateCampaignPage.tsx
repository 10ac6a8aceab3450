import { Alert, Button, Card, Flex, Form, Input, Spin, Steps, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { actionRefusedMessage, isActionAllowed } from '#domain/campaign-status';
import { useSelectedBusiness } from '../../../business/selected-business';
import { LinkButton } from '../../../components/LinkButton';
import { LoadError } from '../../../components/ListStates';
import { CampaignTypeChoice } from './CampaignTypeChoice';
import { SetupForm } from './SetupForm';
import { useCampaignWizard, WIZARD_STEPS } from './useCampaignWizard';

// A step's first field: an enabled input or text area, or the chosen type card.
const FIRST_FIELD = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), [role="radio"][tabindex="0"]';

/**
 * Moving between steps puts focus on the new step's first field: the button that moved on may be
 * gone (the last step has no Next), and focus must not fall back to the page.
 */
function useStepFocus(step: number) {
  const body = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    body.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [step]);
  return body;
}

export default function CreateCampaignPage() {
  const business = useSelectedBusiness()!;
  const [params] = useSearchParams();
  const editId = params.get('edit') ? Number(params.get('edit')) : null;
  const wizard = useCampaignWizard(business, editId);
  const stepBody = useStepFocus(wizard.step);

  if (editId !== null && !wizard.editing) {
    if (wizard.editNotFound) {
      return <Alert type="error" showIcon message="This campaign cannot be edited: it does not exist in this business." />;
    }
    if (wizard.editLoadError) {
      return <LoadError what="campaign" error={wizard.editLoadError.error} onRetry={wizard.editLoadError.retry} />;
    }
    return <Spin />;
  }
  if (wizard.editing && !isActionAllowed('edit', wizard.editing.status)) {
    return (
      <Alert
        type="error"
        showIcon
        message={actionRefusedMessage('edit', wizard.editing)}
        description={`Only a draft (Created) campaign can be edited. Duplicate "${wizard.editing.name}" to send it again with changes.`}
        action={<LinkButton to="/campaigns">Back to campaigns</LinkButton>}
      />
    );
  }

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {wizard.editing ? `Edit ${wizard.editing.name}` : 'Create new campaign'}
      </Typography.Title>
      <Steps current={wizard.step} items={WIZARD_STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />

      <div ref={stepBody}>
        {wizard.step === 0 && <CampaignTypeChoice value={wizard.type} onChange={wizard.setType} />}

        {wizard.step === 1 && (
          <Form layout="vertical" requiredMark={false} className="campaign-name-step">
            <Form.Item
              label="Campaign name"
              htmlFor="campaign-name"
              validateStatus={wizard.nameError ? 'error' : undefined}
              help={wizard.nameError}
              extra="Unique within your business and not visible to customers. Best 10 to 50 characters: letters, digits, spaces and hyphens."
            >
              <Input
                id="campaign-name"
                value={wizard.name}
                onChange={(event) => wizard.setName(event.target.value)}
                onPressEnter={() => void wizard.next()}
                placeholder="e.g. Spring review request"
              />
            </Form.Item>
          </Form>
        )}

        {wizard.step === 2 && wizard.type && <SetupForm business={business} type={wizard.type} name={wizard.name} wizard={wizard} />}
      </div>

      <Flex gap={8} style={{ marginTop: 24 }}>
        <Button disabled={!wizard.canGoBack} onClick={wizard.previous}>
          Previous
        </Button>
        {wizard.step < WIZARD_STEPS.length - 1 && (
          <Button type="primary" disabled={!wizard.canGoNext} loading={wizard.checkingName} onClick={() => void wizard.next()}>
            Next
          </Button>
        )}
      </Flex>
    </Card>
  );
}
