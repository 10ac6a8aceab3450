import { UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Avatar, Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { PRODUCT_NAME } from '#domain/messages';
import { useNavigate } from 'react-router';
import { useSelectedBusiness } from '../../business/selected-business';
import type { Identity } from '../../providers/auth-provider';

/** The header's user dropdown; 'Log out' is offered here only on small screens. */
export function UserMenu({ isSmallScreen }: { isSmallScreen: boolean }) {
  const { data: user } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const business = useSelectedBusiness();
  const navigate = useNavigate();

  const items: MenuProps['items'] = [
    { key: 'title', type: 'group', label: `${PRODUCT_NAME} account` },
    { type: 'divider' },
    { key: 'business-settings', label: 'Business settings', disabled: !business },
    { key: 'profile', label: 'Profile', disabled: true },
    { key: 'billing', label: 'Billing', disabled: true },
    { key: 'settings', label: 'Settings', disabled: true },
    ...(isSmallScreen ? [{ type: 'divider' as const }, { key: 'logout', label: 'Log out', danger: true }] : []),
  ];

  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') logout();
          if (key === 'business-settings') navigate('/business-settings');
        },
      }}
      placement="bottomRight"
    >
      {/* A real button: reachable by Tab, opened with Enter or Space, announced as a menu. */}
      <Button type="text" className="user-menu-button" data-testid="user-menu">
        <Flex align="center" gap={10}>
          <Avatar icon={<UserOutlined />} />
          <Flex vertical align="start" style={{ lineHeight: 1.2 }}>
            <Typography.Text strong data-testid="user-name">
              {user ? `${user.firstName} ${user.lastName}` : ' '}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Business owner
            </Typography.Text>
          </Flex>
        </Flex>
      </Button>
    </Dropdown>
  );
}
