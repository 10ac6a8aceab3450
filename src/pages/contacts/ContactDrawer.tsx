import { Button, Drawer, Empty, Flex, Form, List, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { DELIVERY_STATE_LABELS, type DeliveryState } from '#domain/delivery';
import { joinTags, parseTags, type Contact } from '#domain/contacts';
import type { FieldErrors } from '#domain/rules';
import type { ReviewEventKind } from '#domain/reviews';
import { ratingText } from '../../components/reviews/review-steps';
import { CONTACT_EVENT_LABELS, type ContactHistoryItem } from '#domain/suppressions';
import type { HttpError } from '@refinedev/core';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { useResourceAction, useResourceQuery } from '../../resources/useResourceAction';
import { formatPhoneNumber } from '../../phone-numbers';
import { useBusinessTime } from '../../business/business-time';
import { ContactFormFields, type ContactFormValues } from './ContactFormFields';
import { ContactSuppressions } from './ContactSuppressions';

const REVIEW_ACTIVITY: Record<ReviewEventKind, string> = {
  visit: 'Opened the review page',
  click: 'Went to a review site',
  feedback: 'Left private feedback',
  rating: 'Rated their visit',
};

/** One line of the history; `when` writes its time by the business's clock. */
function HistoryItem({ item, when }: { item: ContactHistoryItem; when(iso: string): string }) {
  if (item.type === 'message') {
    return (
      <Flex vertical>
        <Typography.Text>
          {item.channel === 'EMAIL' ? 'Email' : 'Text message'}: {item.campaignName}{' '}
          <Tag>{DELIVERY_STATE_LABELS[item.state as DeliveryState] ?? item.state}</Tag>
          {item.bounce && <Tag color="volcano">{item.bounce}</Tag>}
        </Typography.Text>
        <Typography.Text type="secondary">{when(item.at)}</Typography.Text>
        {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
      </Flex>
    );
  }
  if (item.type === 'review') {
    return (
      <Flex vertical>
        <Typography.Text>
          {REVIEW_ACTIVITY[item.kind]}
          {item.siteName && `: ${item.siteName}`} ({item.campaignName})
          {item.rating !== null && ` ${ratingText(item.rating)}`}
        </Typography.Text>
        <Typography.Text type="secondary">{item.times > 1 ? `${item.times} times, last ${when(item.at)}` : when(item.at)}</Typography.Text>
        {item.message && <Typography.Paragraph style={{ marginBottom: 0 }}>“{item.message}”</Typography.Paragraph>}
      </Flex>
    );
  }
  return (
    <Flex vertical>
      <Typography.Text>
        {CONTACT_EVENT_LABELS[item.kind]} ({item.channel === 'EMAIL' ? 'email' : 'text'}): {item.source}
      </Typography.Text>
      <Typography.Text type="secondary">{when(item.at)}</Typography.Text>
    </Flex>
  );
}

/**
 * A contact opened from the table: their tags, their fields (the create form's rules), every
 * message sent to them, every opt-out, opt-in, bounce and complaint, and their suppressions
 * (an owner lifts a hard bounce or an invalid number; a STOP or complaint only the contact can undo).
 */
export function ContactDrawer({ contact, region, onClose }: { contact: Contact | null; region: string | null; onClose(): void }) {
  return (
    <Drawer
      open={Boolean(contact)}
      onClose={onClose}
      width="min(100vw, 560px)"
      title={contact ? `${contact.firstName} ${contact.lastName}`.trim() : ''}
      destroyOnHidden
    >
      {contact && <ContactDetails contact={contact} region={region} />}
    </Drawer>
  );
}

function ContactDetails({ contact, region }: { contact: Contact; region: string | null }) {
  const times = useBusinessTime();
  const [form] = Form.useForm<ContactFormValues>();
  const history = useResourceQuery('contacts', 'history', { id: contact.id });
  const update = useResourceAction('contacts', 'update');

  // What the contact lacks is an empty field; the number as people read it (it is read again on save).
  useEffect(() => {
    form.setFieldsValue({
      ...contact,
      email: contact.email ?? '',
      phoneNumber: contact.phoneNumber ? formatPhoneNumber(contact.phoneNumber, region) : '',
      birthDate: contact.birthDate ?? '',
      tags: parseTags(contact.tags),
    });
  }, [contact, form, region]);

  const save = (values: ContactFormValues) =>
    update.mutate(
      {
        id: contact.id,
        values: { ...values, tags: joinTags(values.tags ?? []), businessId: contact.businessId },
        successNotification: () => ({ type: 'success', message: 'Contact saved', description: 'The contact’s changes are saved.' }),
      },
      { onError: (error) => showFieldErrors(form, (error as HttpError & { errors?: FieldErrors }).errors) },
    );

  const data = history.data?.data;
  return (
    <Flex vertical gap={16}>
      <Flex gap={4} wrap aria-label="Tags">
        {parseTags(contact.tags).length ? parseTags(contact.tags).map((tag) => <Tag key={tag}>{tag}</Tag>) : <Typography.Text type="secondary">No tags</Typography.Text>}
      </Flex>
      <Form form={form} name="contact-drawer" layout="vertical" requiredMark={false} onFinish={save}>
        <ContactFormFields region={region} editing={contact} />
        <Button type="primary" htmlType="submit" loading={update.mutation.isPending}>
          Save contact
        </Button>
      </Form>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Suppressions
      </Typography.Title>
      <ContactSuppressions suppressions={data?.suppressions} onLifted={() => void history.refetch()} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        History
      </Typography.Title>
      {history.isLoading ? (
        <Spin />
      ) : data?.items.length ? (
        <List size="small" dataSource={data.items} renderItem={(item) => <List.Item><HistoryItem item={item} when={times.dateTime} /></List.Item>} />
      ) : (
        <Empty description="Nothing sent to this contact yet" />
      )}
    </Flex>
  );
}
