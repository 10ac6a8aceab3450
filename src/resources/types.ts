import type { IResourceItem } from '@refinedev/core';

export type StarboostResource = IResourceItem & {
  meta: IResourceItem['meta'] & {
    label: string;
    /** Screens that work on the selected business; disabled in the menu without one. */
    requiresBusiness?: boolean;
    /**
     * The menu icon's name (see components/layout/menu-icons.tsx) rather than an icon element:
     * this list loads with the sign-in page, whose JavaScript is budgeted; the icons load with the menu.
     */
    iconName?: 'dashboard' | 'contacts' | 'campaigns' | 'reputation';
  };
};
