import { useGo, useNotification, useUpdatePassword } from '@refinedev/core';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  FORGOT_PASSWORD_PATH,
  passwordResetMessages,
  resetPasswordFormSchema,
  type ResetPasswordForm,
  type ResetPasswordPayload,
} from '#domain/password-reset';
import { AuthFormActions } from '../../components/auth/AuthFormActions';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { AuthPageLayout } from '../../components/auth/AuthPageLayout';
import { schemaRule } from '../../components/forms/schema-rule';
import { useValidateOnSubmitThenChange } from '../../components/forms/useValidateOnSubmitThenChange';

const rule = (field: keyof ResetPasswordForm) => [schemaRule<ResetPasswordForm>(resetPasswordFormSchema, (values) => values, [field])];

/** Reached from the emailed link: the token is in the query; the new password twice. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [refusal, setRefusal] = useState<string | null>(token ? null : passwordResetMessages.linkInvalid);
  const go = useGo();
  const { open } = useNotification();
  // A refusal shows on the screen with the way out (a new link), not also as a toast.
  const { mutate: updatePassword, isPending } = useUpdatePassword<ResetPasswordPayload>({
    mutationOptions: {
      onSuccess: ({ success, error, redirectTo, successNotification }) => {
        if (!success) return setRefusal(error?.message ?? passwordResetMessages.linkInvalid);
        if (successNotification) open?.({ type: 'success', ...successNotification });
        if (redirectTo) go({ to: redirectTo, type: 'replace' });
      },
    },
  });
  const validation = useValidateOnSubmitThenChange();
  const submit = ({ password }: ResetPasswordForm) => updatePassword({ token, password });

  return (
    <AuthPageLayout>
      <AuthHeading title="Choose a new password">Enter your new password twice. Every device signed in to your account will be signed out.</AuthHeading>
      {refusal && (
        <Alert
          role="alert"
          type="error"
          showIcon
          className="auth-alert"
          message={refusal}
          description={<Link to={FORGOT_PASSWORD_PATH}>Ask for a new link</Link>}
        />
      )}
      <Form<ResetPasswordForm> noValidate layout="vertical" requiredMark={false} onFinish={submit} {...validation}>
        <Form.Item label="New password" name="password" rules={rule('password')} dependencies={['confirmPassword']}>
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item label="New password again" name="confirmPassword" rules={rule('confirmPassword')} dependencies={['password']}>
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <AuthFormActions linkTo="/login" linkLabel="Back to sign in" submitLabel="Set password" loading={isPending} disabled={!token} />
      </Form>
    </AuthPageLayout>
  );
}
