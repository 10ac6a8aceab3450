import type { AuthProvider } from '@refinedev/core';
import { toasts } from '#domain/messages';
import type { RegistrationPayload } from '#domain/rules';
import { passwordResetToasts, type ForgotPasswordPayload, type ResetPasswordPayload } from '#domain/password-reset';
import { http, toHttpError } from './http';
import { hasSession, signIn } from './session';
import { forgetHeldLists } from './list-deltas';
import { selectedBusinessStore } from '../business/selected-business';

export type Identity = { id: number; firstName: string; lastName: string; email: string };

export const authProvider: AuthProvider = {
  async check() {
    return (await hasSession()) ? { authenticated: true } : { authenticated: false, redirectTo: '/', logout: false };
  },

  login: signIn,

  async register(payload: RegistrationPayload) {
    try {
      await http.post('/auth/sign-up', payload, { withCredentials: false });
      return { success: true, redirectTo: '/login', successNotification: toasts.registrationSuccess };
    } catch (error) {
      const httpError = toHttpError(error);
      return { success: false, error: { name: httpError.message, message: toasts.operationFailed }, errors: httpError.errors };
    }
  },

  // The answer is the same whether or not the account exists; the screen shows it.
  async forgotPassword(payload: ForgotPasswordPayload) {
    try {
      await http.post('/auth/forgot-password', payload, { withCredentials: false });
      return { success: true };
    } catch (error) {
      const httpError = toHttpError(error);
      return { success: false, error: { name: toasts.requestFailed, message: httpError.message } };
    }
  },

  async updatePassword(payload: ResetPasswordPayload) {
    try {
      await http.post('/auth/reset-password', { token: payload.token, password: payload.password }, { withCredentials: false });
      return { success: true, redirectTo: '/login', successNotification: passwordResetToasts.passwordChanged };
    } catch (error) {
      const httpError = toHttpError(error);
      return { success: false, error: { name: passwordResetToasts.notChanged, message: httpError.message } };
    }
  },

  async logout() {
    await http.post('/auth/sign-out').catch(() => undefined);
    selectedBusinessStore.clear();
    forgetHeldLists();
    return { success: true, redirectTo: '/' };
  },

  async onError(error) {
    // The HTTP client already tried one refresh; a 401 that still arrives means the session is over.
    return toHttpError(error).statusCode === 401 ? { logout: true, redirectTo: '/login' } : {};
  },

  async getIdentity() {
    try {
      const { data } = await http.get<Identity>('/user/get-current-user');
      return data;
    } catch {
      console.error('Unable to fetch user info');
      return null;
    }
  },
};
