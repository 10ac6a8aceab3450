import { Col, Form, Row } from 'antd';
import { FilterDialog } from '../../filters/FilterDialog';
import { FollowUpFields } from './FollowUpFields';
import { LaunchConfirmDialog } from './LaunchConfirmDialog';
import { MessageFields } from './MessageFields';
import { PacingFields } from './PacingFields';
import { RecipientsField } from './RecipientsField';
import { ScheduleField } from './ScheduleField';
import { SetupButtons } from './SetupButtons';
import { SetupPreview } from './SetupPreview';
import { SetupSummary } from './SetupSummary';
import type { SetupValues } from './setup-values';
import { useSetupForm, type SetupProps } from './useSetupForm';

/** Step 3: summary, schedule, recipients, message with preview, subject (email), pacing, and the buttons. */
export function SetupForm(props: SetupProps) {
  const { business, type, name, wizard } = props;
  const setup = useSetupForm(props);
  const { recipients, submission, newFilter } = setup;
  return (
    <Row gutter={24}>
      <Col xs={24} xl={14}>
        <SetupSummary name={name} type={type} senders={wizard.senders} channel={setup.channel} />
        <Form<SetupValues> form={setup.form} layout="vertical" requiredMark={false} validateTrigger={setup.validateTrigger} initialValues={setup.initialValues}>
          <ScheduleField rules={setup.rules} times={setup.times} />
          <RecipientsField rules={setup.rules} filters={wizard.filters} loading={wizard.filtersLoading} recipients={recipients} onCreateFilter={newFilter.start} />
          <MessageFields type={type} rules={setup.rules} noReviewSites={!wizard.hasReviewSites && setup.isReviewRequest} />
          <FollowUpFields type={type} remind={setup.remind} rule={setup.ruleAt} />
          <PacingFields rules={setup.rules} />
          <SetupButtons
            editing={Boolean(wizard.editing)}
            scheduled={Boolean(setup.startTime)}
            busy={submission.busy}
            submitting={submission.submitting}
            onSubmit={(chosen) => void submission.submit(chosen)}
          />
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <SetupPreview
          type={type}
          businessName={business.name}
          senders={wizard.senders}
          reviewLink={wizard.businessReviewLink}
          recipients={recipients}
          subject={setup.subject}
          messageBody={setup.messageBody}
          reviewRequest={setup.isReviewRequest}
        />
      </Col>
      <LaunchConfirmDialog
        submission={submission.confirming}
        name={name}
        type={type}
        startTime={setup.startInstant}
        recipients={recipients.counting ? undefined : recipients.count}
        channel={setup.channel}
        onConfirm={submission.confirm}
        onCancel={submission.cancelConfirmation}
      />
      <FilterDialog open={newFilter.open} businessId={business.id} onClose={newFilter.close} onSaved={newFilter.saved} />
    </Row>
  );
}
