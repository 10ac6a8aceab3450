import { useGetIdentity } from '@refinedev/core';
import { Col, Form, Input, Row, Typography } from 'antd';
import { businessSchema, type BusinessFormValues } from '#domain/businesses';
import { addressOf, SENDER_NAME_MAX, senderLine } from '#domain/sender';
import { zodRule } from '../../components/forms/zod-rule';
import type { Identity } from '../../providers/auth-provider';
import { useResourceQuery } from '../../resources/useResourceAction';

/**
 * Who the business's emails are from and where replies go, with the From line customers will see
 * as it is typed. The address stays the server's own (MAIL_FROM's): only the name is the business's.
 */
export function EmailSenderFields({ businessName }: { businessName: string }) {
  const form = Form.useFormInstance<BusinessFormValues>();
  const senderName = Form.useWatch('senderName', form)?.trim() || '';
  const replyTo = Form.useWatch('replyTo', form)?.trim() || '';
  const { data: owner } = useGetIdentity<Identity>();
  const senders = useResourceQuery('campaigns', 'senders');
  const mailFrom = senders.data?.data.email;

  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="Sender name" name="senderName" rules={[zodRule(businessSchema, 'senderName')]} extra="Empty: the business's name.">
            <Input placeholder={businessName} maxLength={SENDER_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Reply-to address" name="replyTo" rules={[zodRule(businessSchema, 'replyTo')]} extra="Empty: your account's email.">
            <Input type="email" inputMode="email" placeholder={owner?.email} />
          </Form.Item>
        </Col>
      </Row>
      {mailFrom && (
        <Typography.Paragraph type="secondary" data-testid="sender-preview">
          Customers see emails from <Typography.Text code>{senderLine(senderName || businessName, addressOf(mailFrom))}</Typography.Text>; their
          replies go to <Typography.Text code>{replyTo || owner?.email}</Typography.Text>.
        </Typography.Paragraph>
      )}
    </>
  );
}
