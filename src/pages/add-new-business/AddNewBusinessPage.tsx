import { useForm } from '@refinedev/antd';
import { Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { toasts } from '../../domain/messages';
import { businessSchema, type BusinessFormValues } from '../../domain/rules';
import { zodRule } from '../../components/forms/zod-rule';
import { selectedBusinessStore } from '../../providers/selected-business';
import type { Business } from '../../resources/businesses';

const fields: Array<{ name: keyof BusinessFormValues; label: string; span: number; placeholder?: string; extra?: string }> = [
  { name: 'name', label: 'Name', span: 24 },
  { name: 'streetName', label: 'Street name', span: 16 },
  { name: 'streetNumber', label: 'Street number', span: 8 },
  { name: 'country', label: 'Country', span: 12 },
  { name: 'city', label: 'City', span: 12 },
  { name: 'postalCode', label: 'Postal code', span: 12 },
  {
    name: 'reviewLink',
    label: 'Review link (optional)',
    span: 24,
    placeholder: 'https://g.page/r/your-business/review',
    extra: 'Where customers leave a review; campaign messages can link to it with ${reviewLink}.',
  },
];

export default function AddNewBusinessPage() {
  const navigate = useNavigate();
  const { formProps, saveButtonProps } = useForm<Business, never, BusinessFormValues>({
    resource: 'businesses',
    action: 'create',
    redirect: false,
    successNotification: () => ({ type: 'success', ...toasts.businessCreated }),
    onMutationSuccess: ({ data }) => {
      selectedBusinessStore.set({ id: data.id, name: data.name });
      navigate('/dashboard');
    },
  });

  return (
    <Card style={{ maxWidth: 720 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Create / Add new business
      </Typography.Title>
      <Form {...formProps} layout="vertical" requiredMark={false}>
        <Row gutter={12}>
          {fields.map(({ name, label, span, placeholder, extra }) => (
            <Col key={name} xs={24} sm={span}>
              <Form.Item label={label} name={name} rules={[zodRule(businessSchema, name)]} extra={extra}>
                <Input inputMode={name === 'postalCode' ? 'numeric' : undefined} placeholder={placeholder} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" size="large" {...saveButtonProps}>
          Create business
        </Button>
      </Form>
    </Card>
  );
}
