import { Typography } from 'antd';

export default function ContactsPage() {
  return <Typography.Title level={2}>Contacts</Typography.Title>;
}
