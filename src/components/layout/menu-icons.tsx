import { FilterOutlined, HomeOutlined, NotificationOutlined, StarOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The navigation icons, loaded with the signed-in layout rather than with the sign-in page. */
export const MENU_ICONS = {
  dashboard: <HomeOutlined />,
  contacts: <TeamOutlined />,
  filters: <FilterOutlined />,
  campaigns: <NotificationOutlined />,
  automations: <ThunderboltOutlined />,
  reputation: <StarOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIconName = keyof typeof MENU_ICONS;
