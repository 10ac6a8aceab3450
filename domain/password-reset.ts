import * as z from 'zod/mini';
import { emailRule, passwordRule } from './rules';

/** Forgotten passwords (issue 14): the texts and rules both the screens and the server use. */

export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';

export const passwordResetMessages = {
  /** The one answer to every request, whether or not the account exists (no account enumeration). */
  linkSent: 'If an account exists for this address, we have sent a link to reset the password.',
  linkInvalid: 'This link to reset the password is unknown, has expired or has already been used. Ask for a new one.',
  confirmRequired: 'Please enter the new password again',
  passwordsDiffer: 'The passwords do not match',
} as const;

export const passwordResetToasts = {
  passwordChanged: {
    message: 'Password Changed',
    description: 'Sign in with your new password. Every device that was signed in has been signed out.',
  },
  notChanged: 'Password not changed',
} as const;

/** POST /auth/forgot-password: the sign-in form's email rule. */
export const forgotPasswordSchema = z.object({ email: emailRule });
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

/** The token in the link: the server says whether it is any good; a missing or absurd one is as bad as an unknown one. */
const tokenRule = z
  .string({ error: passwordResetMessages.linkInvalid })
  .check(z.minLength(1, passwordResetMessages.linkInvalid), z.maxLength(200, passwordResetMessages.linkInvalid));

/** POST /auth/reset-password: the spec's password rules. */
export const resetPasswordSchema = z.object({ token: tokenRule, password: passwordRule });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

/** The reset screen's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordRule,
    confirmPassword: z.string({ error: passwordResetMessages.confirmRequired }).check(z.minLength(1, passwordResetMessages.confirmRequired)),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      message: passwordResetMessages.passwordsDiffer,
      path: ['confirmPassword'],
    }),
  );
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
