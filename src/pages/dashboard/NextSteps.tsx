import { Card, Flex, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import type { FirstSteps } from '#domain/businesses';
import { counted } from '#domain/words';
import { LinkButton } from '../../components/LinkButton';
import { LoadError, LoadingState } from '../../components/ListStates';
import { CountBars } from '../../components/reviews/CountBars';
import { useResourceQuery } from '../../resources/useResourceAction';

type Step = { key: string; title: string; done: boolean; doneText: string; todo: string; actions: Array<{ to: string; label: string }> };

/** The three things a new business does before reviews come in, each with whether it is done. */
const stepsOf = (steps: FirstSteps): Step[] => [
  {
    key: 'sites',
    title: 'Add your review sites',
    done: steps.reviewSites > 0,
    doneText: `${counted(steps.reviewSites, 'review site')} where customers can review you.`,
    todo: 'Where should happy customers leave their review? Add your Google, Tripadvisor or other review page.',
    actions: [{ to: '/business-settings', label: 'Open Business settings' }],
  },
  {
    key: 'contacts',
    title: 'Import or add your customers',
    done: steps.contacts > 0,
    doneText: `${counted(steps.contacts, 'contact')} in your list.`,
    todo: 'Import the export of your phone, Google, Outlook or till system, or add customers one by one.',
    actions: [{ to: '/contacts', label: 'Open Contacts' }],
  },
  {
    key: 'ask',
    title: 'Ask for reviews',
    done: steps.campaignsStarted > 0 || steps.automationEnabled,
    doneText: [steps.automationEnabled && 'The review automation asks after every visit.', steps.campaignsStarted > 0 && `${counted(steps.campaignsStarted, 'campaign')} sent.`]
      .filter(Boolean)
      .join(' '),
    todo: 'Send your first review request to your customers, or turn on the automation that asks after every visit.',
    actions: [
      { to: '/campaigns/create-new-campaign', label: 'Create a campaign' },
      { to: '/automations', label: 'Set up the automation' },
    ],
  },
];

/** Once it is asking: the last 30 days' review funnel, from the reputation summary. */
function LastThirtyDays() {
  const query = useResourceQuery('reputation', 'summary');
  const summary = query.data?.data;
  if (query.isLoading) return <LoadingState text="Loading the last 30 days" />;
  if (query.isError || !summary) return <LoadError what="the last 30 days" error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Flex vertical gap={8}>
      <CountBars
        label="The last 30 days"
        bars={[
          { label: 'Review requests sent', value: summary.requests, testId: 'dashboard-requests' },
          { label: 'Review page visits', value: summary.visits, testId: 'dashboard-visits' },
          { label: 'Review site clicks', value: summary.clicks, testId: 'dashboard-clicks' },
          { label: 'Private feedback', value: summary.feedback.count, testId: 'dashboard-feedback' },
        ]}
      />
      <Link to="/reputation">See everything on Reputation</Link>
    </Flex>
  );
}

/** The dashboard's next steps with their state, then (once it asks for reviews) the last 30 days. */
export function NextSteps({ businessId }: { businessId: number }) {
  const query = useResourceQuery('businesses', 'firstSteps', { id: businessId });
  const firstSteps = query.data?.data;
  if (query.isLoading) return <LoadingState text="Loading your next steps" />;
  if (query.isError || !firstSteps) return <LoadError what="your next steps" error={query.error} onRetry={() => void query.refetch()} />;
  const steps = stepsOf(firstSteps);
  const allDone = steps.every((step) => step.done);
  const current = steps.findIndex((step) => !step.done);
  const asking = steps.some((step) => step.key === 'ask' && step.done);
  return (
    <Flex vertical gap={16}>
      <Card title={allDone ? 'You are set up' : 'Next steps'} size="small">
        <Steps
          direction="vertical"
          current={current === -1 ? steps.length : current}
          items={steps.map((step) => ({
            title: step.title,
            status: step.done ? 'finish' : step.key === steps[current]?.key ? 'process' : 'wait',
            description: (
              <Flex vertical gap={8} align="start" data-testid={`next-step-${step.key}`} data-done={step.done}>
                <Typography.Text type="secondary">{step.done ? `Done: ${step.doneText}` : step.todo}</Typography.Text>
                {!step.done && (
                  <Flex gap={8} wrap>
                    {step.actions.map((action, index) => (
                      <LinkButton key={action.to} to={action.to} type={index === 0 && step.key === steps[current]?.key ? 'primary' : 'default'}>
                        {action.label}
                      </LinkButton>
                    ))}
                  </Flex>
                )}
              </Flex>
            ),
          }))}
        />
      </Card>
      {asking && (
        <Card title="The last 30 days" size="small">
          <LastThirtyDays />
        </Card>
      )}
    </Flex>
  );
}
