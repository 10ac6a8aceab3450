import { useInvalidate, type HttpError } from '@refinedev/core';
import { Button, Card, Flex, Form, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { businessSchema, REVIEW_REQUEST_CAP_DAYS_MAX, type Business, type BusinessFormValues } from '#domain/businesses';
import type { FieldErrors } from '#domain/rules';
import { BusinessFields, PhoneAndQuietHoursFields } from '../../components/forms/BusinessFields';
import { schemaRule } from '../../components/forms/schema-rule';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { LoadingState } from '../../components/ListStates';
import { selectedBusinessStore } from '../../business/selected-business';
import { useBusinesses } from '../../business/useBusinesses';
import { useResourceAction } from '../../resources/useResourceAction';
import { ApiKeysCard } from './ApiKeysCard';
import { CheckInPageCard } from './CheckInPageCard';
import { ConnectorsCard } from './ConnectorsCard';
import { EmailSenderFields } from './EmailSenderFields';
import { ReviewSitesField } from './ReviewSitesField';
import { WebhooksCard } from './WebhooksCard';

const SAVED = { message: 'Business Saved', description: 'The business settings have been saved.' };

// Inputs show an unset sender name or reply-to as empty (saved again as "use the default").
const formValues = ({ id: _id, ...values }: Business): BusinessFormValues => ({ ...values, senderName: values.senderName ?? '', replyTo: values.replyTo ?? '' });

/** The selected business's fields, email sender, review sites (in the order the review page shows them) and contact cap. */
export default function BusinessSettingsPage() {
  const { businesses, selected } = useBusinesses();
  const business = businesses.find((candidate) => candidate.id === selected?.id);
  const [form] = Form.useForm<BusinessFormValues>();
  const { mutate: update, mutation } = useResourceAction('businessSettings', 'update');
  const invalidate = useInvalidate();

  // Filled when the business arrives, and again after a switch to another one.
  useEffect(() => {
    if (business) form.setFieldsValue(formValues(business));
  }, [business, form]);

  if (!business) return <LoadingState text="Loading business" />;

  const rule = (path: Array<string | number>) => [schemaRule<BusinessFormValues>(businessSchema, (values) => values, path)];
  const save = (values: BusinessFormValues) =>
    update(
      { values, successNotification: () => ({ type: 'success', ...SAVED }) },
      {
        onSuccess: ({ data }) => {
          selectedBusinessStore.set({ id: data.id, name: data.name });
          void invalidate({ resource: 'businesses', invalidates: ['list'] });
        },
        onError: (error: HttpError) => showFieldErrors(form, error.errors as FieldErrors | undefined),
      },
    );

  return (
    <Flex vertical gap="large" style={{ maxWidth: 820 }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Business settings
        </Typography.Title>
        <Form<BusinessFormValues> form={form} layout="vertical" requiredMark={false} initialValues={formValues(business)} onFinish={save}>
          <BusinessFields />
          <Typography.Title level={4}>Phone numbers and text-message hours</Typography.Title>
          <PhoneAndQuietHoursFields />
          <Typography.Title level={4}>Email sender</Typography.Title>
          <EmailSenderFields businessName={business.name} />
          <Typography.Title level={4}>Review sites</Typography.Title>
          <Typography.Paragraph type="secondary">
            Each review request links to a page of your own that shows every site below, in this order, whatever rating the customer gives.
          </Typography.Paragraph>
          <ReviewSitesField rule={rule} />
          <Typography.Title level={4}>Contact cap</Typography.Title>
          <Form.Item
            label="Ask a contact for a review at most once every (days)"
            name="reviewRequestCapDays"
            rules={rule(['reviewRequestCapDays'])}
            extra="Contacts asked more recently are skipped by a new review request. 0 turns the cap off."
          >
            <InputNumber min={0} max={REVIEW_REQUEST_CAP_DAYS_MAX} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Button type="primary" size="large" htmlType="submit" loading={mutation.isPending}>
            Save settings
          </Button>
        </Form>
      </Card>
      {/* How visits reach the review automation from outside the app, each a card of its own. */}
      <CheckInPageCard />
      <ConnectorsCard />
      <ApiKeysCard />
      <WebhooksCard />
    </Flex>
  );
}
