import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../domain/messages';
import { useSelectedBusiness } from '../../providers/selected-business';

export const DASHBOARD_TAGLINE = 'Drive Company Growth with Review Campaigns, Mass Outreach, and CRM Tools.';

export default function DashboardPage() {
  const business = useSelectedBusiness();
  if (business) {
    return (
      <Card>
        <Typography.Title level={2}>Welcome to {PRODUCT_NAME}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          {DASHBOARD_TAGLINE}
        </Typography.Paragraph>
      </Card>
    );
  }
  return (
    <Card style={{ maxWidth: 640 }}>
      <Typography.Title level={2}>Welcome to {PRODUCT_NAME}!</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        Get started by adding your first business to unlock and explore all the powerful features the product has to offer.
      </Typography.Paragraph>
      <Link to="/add-new-business">
        <Button type="primary" size="large" icon={<PlusOutlined />}>
          Add new business
        </Button>
      </Link>
    </Card>
  );
}
