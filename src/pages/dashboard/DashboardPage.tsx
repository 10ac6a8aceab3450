import { PlusOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { PRODUCT_NAME } from '#domain/messages';
import { useBusinesses } from '../../business/useBusinesses';
import { LinkButton } from '../../components/LinkButton';
import { LoadingState } from '../../components/ListStates';
import { NextSteps } from './NextSteps';

const DASHBOARD_TAGLINE = 'Drive Company Growth with Review Campaigns, Mass Outreach, and CRM Tools.';

export default function DashboardPage() {
  const { selected: business, pending } = useBusinesses();
  // Just signed in: the first business is on its way; do not greet as a new owner meanwhile.
  if (pending) return <LoadingState text="Loading businesses" />;
  if (business) {
    return (
      <Flex vertical gap={16} style={{ maxWidth: 960 }}>
        <Card>
          <Typography.Title level={2}>Welcome to {PRODUCT_NAME}</Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 16, marginBottom: 0 }}>
            {DASHBOARD_TAGLINE}
          </Typography.Paragraph>
        </Card>
        <NextSteps businessId={business.id} />
      </Flex>
    );
  }
  return (
    <Card style={{ maxWidth: 640 }}>
      <Typography.Title level={2}>Welcome to {PRODUCT_NAME}!</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        Get started by adding your first business to unlock and explore all the powerful features the product has to offer.
      </Typography.Paragraph>
      <LinkButton to="/add-new-business" type="primary" size="large" icon={<PlusOutlined />}>
        Add new business
      </LinkButton>
    </Card>
  );
}
