import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Button, Drawer, Flex, Grid, Layout, theme } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '../FullScreenSpinner';
import { useSelectFirstBusiness } from '../../business/useBusinesses';
import { useBusinessSwitch } from '../../business/useBusinessSwitch';
import { Brand } from './Brand';
import { BusinessSwitcher } from '../../business/BusinessSwitcher';
import { NavigationMenu } from './NavigationMenu';
import { UserMenu } from './UserMenu';

const SIDEBAR_WIDTH = 248;

/** Sidebar from 768 px; below that a header toggle opens the same menu sliding from the top. */
export function AppLayout() {
  const screens = Grid.useBreakpoint();
  // `md` is antd's 768 px breakpoint; until measured, assume the desktop layout.
  const isSmallScreen = screens.md === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const { switching } = useBusinessSwitch();
  const { mutate: logout } = useLogout();
  const { token } = theme.useToken();
  useSelectFirstBusiness();

  if (switching) return <FullScreenSpinner tip="Retrieving business data..." />;

  const closeMenu = () => setMenuOpen(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* The first Tab stop: past the menu to the screen itself. */}
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {!isSmallScreen && <Sidebar onSignOut={() => logout()} />}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: isSmallScreen ? 'space-between' : 'flex-end',
            gap: 12,
          }}
        >
          {isSmallScreen && (
            <Flex align="center" gap={8}>
              <Button
                type="text"
                aria-label="Open menu"
                data-testid="menu-toggle"
                icon={<MenuOutlined />}
                onClick={() => setMenuOpen(true)}
              />
              <Brand />
            </Flex>
          )}
          <UserMenu isSmallScreen={isSmallScreen} />
        </Layout.Header>
        <Layout.Content id="main-content" tabIndex={-1} style={{ padding: isSmallScreen ? 16 : 24, outline: 'none' }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      {isSmallScreen && (
        <Drawer placement="top" open={menuOpen} onClose={closeMenu} height="auto" title={<Brand />} data-testid="mobile-menu">
          <Flex vertical gap={12}>
            <BusinessSwitcher onNavigate={closeMenu} />
            <NavigationMenu onNavigate={closeMenu} />
          </Flex>
        </Drawer>
      )}
    </Layout>
  );
}

/** The desktop sidebar: brand, business switcher, the menu, and Sign out at the bottom. */
function Sidebar({ onSignOut }: { onSignOut(): void }) {
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      theme="light"
      data-testid="sidebar"
      style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, position: 'sticky', top: 0, height: '100vh' }}
    >
      <Flex vertical style={{ height: '100%' }}>
        <div style={{ padding: '20px 20px 12px' }}>
          <Brand />
        </div>
        <div style={{ padding: '0 12px 12px' }}>
          <BusinessSwitcher />
        </div>
        <div style={{ flex: 1, overflow: 'auto' }}>
          <NavigationMenu />
        </div>
        <div style={{ padding: 12 }}>
          <Button block icon={<LogoutOutlined />} onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </Flex>
    </Layout.Sider>
  );
}
