import { Typography } from 'antd';

export default function ReputationPage() {
  return <Typography.Title level={2}>Reputation</Typography.Title>;
}
