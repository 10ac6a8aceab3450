import { RiseOutlined } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import { PRODUCT_NAME } from '../../domain';

export function Brand() {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={8}>
      <RiseOutlined style={{ fontSize: 22, color: token.colorPrimary }} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {PRODUCT_NAME}
      </Typography.Title>
    </Flex>
  );
}
