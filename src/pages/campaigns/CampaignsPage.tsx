import { Typography } from 'antd';

export default function CampaignsPage() {
  return <Typography.Title level={2}>Campaigns</Typography.Title>;
}
