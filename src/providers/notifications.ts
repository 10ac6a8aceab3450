import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * Refine notifications through the app's antd notification instance (one visible, 5 s,
 * pausing on hover, as configured on <AntdApp>). Refine's `message` is the toast's title.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) =>
      notification.open({
        key,
        message,
        description,
        type: type === 'progress' ? 'info' : type,
      }),
    close: (key) => notification.destroy(key),
  };
}
