import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginPayload } from '#domain/rules';
import { signIn as signInCall } from '../../providers/session';
import { useNotificationProvider } from '../../providers/notifications';

/**
 * Refine's useLogin without Refine: the sign-in page is the app's first screen and loads none of
 * Refine (src/App.tsx). Same toasts (keys included) and the same redirect as useLogin.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const { open, close } = useNotificationProvider();
  const [isPending, setPending] = useState(false);

  async function signIn(values: LoginPayload) {
    setPending(true);
    const { success, redirectTo, error, successNotification } = await signInCall(values);
    setPending(false);
    if (!success) {
      open?.({ type: 'error', key: 'login-error', message: error?.name || 'Login Error', description: error?.message || 'Invalid credentials' });
      return;
    }
    close?.('login-error');
    if (successNotification) open?.({ type: 'success', key: 'login-success', ...successNotification });
    if (redirectTo) navigate(redirectTo, { replace: true });
  }

  return { signIn, isPending };
}
