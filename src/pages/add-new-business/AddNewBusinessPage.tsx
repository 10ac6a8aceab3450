import { useForm } from '@refinedev/antd';
import { Button, Card, Form, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { BusinessFormValues } from '#domain/businesses';
import { toasts } from '#domain/messages';
import { browserTimeZone } from '#domain/sms-window';
import { BusinessFields, PhoneAndQuietHoursFields } from '../../components/forms/BusinessFields';
import { selectedBusinessStore } from '../../business/selected-business';
import type { Business } from '../../resources/businesses';

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
      <Form {...formProps} layout="vertical" requiredMark={false} initialValues={{ timeZone: browserTimeZone() }}>
        <BusinessFields />
        <PhoneAndQuietHoursFields />
        <Button type="primary" size="large" {...saveButtonProps}>
          Create business
        </Button>
      </Form>
    </Card>
  );
}
