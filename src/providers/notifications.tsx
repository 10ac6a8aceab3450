import type { NotificationProvider } from '@refinedev/core';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, useContext, type ReactNode } from 'react';
import { limits } from '#domain/messages';

const NotificationContext = createContext<NotificationInstance | null>(null);

/**
 * One toast at a time, 5 s, pausing on hover (spec section 9). A notification hook rather than
 * <AntdApp>: the sign-in page then does not load antd's modal and message code.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({
    maxCount: limits.toastMaxCount,
    duration: limits.toastDurationMs / 1000,
    pauseOnHover: true,
    placement: 'bottomRight',
  });
  return (
    <NotificationContext.Provider value={api}>
      {holder}
      {children}
    </NotificationContext.Provider>
  );
}

/** Refine notifications through that instance; Refine's `message` is the toast's title. */
export function useNotificationProvider(): NotificationProvider {
  const api = useContext(NotificationContext);
  if (!api) throw new Error('useNotificationProvider must be used inside <NotificationsProvider>');
  return {
    open: ({ key, message, description, type }) =>
      api.open({ key, message, description, type: type === 'progress' ? 'info' : type }),
    close: (key) => api.destroy(key),
  };
}
