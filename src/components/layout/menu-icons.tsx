import { FilterOutlined, HomeOutlined, NotificationOutlined, ProfileOutlined, StarOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The navigation icons, loaded with the signed-in layout rather than with the sign-in page. */
export const MENU_ICONS = {
  dashboard: <HomeOutlined />,
  contacts: <TeamOutlined />,
  filters: <FilterOutlined />,
  campaigns: <NotificationOutlined />,
  automations: <ThunderboltOutlined />,
  reputation: <StarOutlined />,
  /** Resources written by npm run new-resource, until they choose their own. */
  records: <ProfileOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIconName = keyof typeof MENU_ICONS;
