import { HomeOutlined, NotificationOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { StarboostResource } from '../../resources/types';

/** The navigation icons, loaded with the signed-in layout rather than with the sign-in page. */
export const MENU_ICONS: Record<NonNullable<StarboostResource['meta']['iconName']>, ReactNode> = {
  dashboard: <HomeOutlined />,
  contacts: <TeamOutlined />,
  campaigns: <NotificationOutlined />,
  reputation: <StarOutlined />,
};
