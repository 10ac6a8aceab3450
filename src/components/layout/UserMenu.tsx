import { UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { PRODUCT_NAME } from '../../domain/messages';
import type { Identity } from '../../providers/auth-provider';

/** The header's user dropdown; 'Log out' is offered here only on small screens. */
export function UserMenu({ isSmallScreen }: { isSmallScreen: boolean }) {
  const { data: user } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();

  const items: MenuProps['items'] = [
    { key: 'title', type: 'group', label: `${PRODUCT_NAME} account` },
    { type: 'divider' },
    { key: 'profile', label: 'Profile', disabled: true },
    { key: 'billing', label: 'Billing', disabled: true },
    { key: 'settings', label: 'Settings', disabled: true },
    ...(isSmallScreen ? [{ type: 'divider' as const }, { key: 'logout', label: 'Log out', danger: true }] : []),
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => key === 'logout' && logout() }}
      placement="bottomRight"
    >
      <Flex align="center" gap={10} style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar icon={<UserOutlined />} />
        <Flex vertical style={{ lineHeight: 1.2 }}>
          <Typography.Text strong data-testid="user-name">
            {user ? `${user.firstName} ${user.lastName}` : ' '}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Business owner
          </Typography.Text>
        </Flex>
      </Flex>
    </Dropdown>
  );
}
