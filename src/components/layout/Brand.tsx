import { RiseOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { PRODUCT_NAME } from '#domain/messages';

// Plain elements rather than Typography: this sits on the sign-in page, whose bundle is budgeted.
export function Brand() {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={8}>
      <RiseOutlined style={{ fontSize: 22, color: token.colorPrimary }} />
      <span style={{ fontSize: 20, fontWeight: 600, color: token.colorText }}>{PRODUCT_NAME}</span>
    </Flex>
  );
}
