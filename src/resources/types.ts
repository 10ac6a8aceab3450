import type { IResourceItem } from '@refinedev/core';

export type StarboostResource = IResourceItem & {
  meta: IResourceItem['meta'] & {
    label: string;
    /** Screens that work on the selected business; disabled in the menu without one. */
    requiresBusiness?: boolean;
  };
};
