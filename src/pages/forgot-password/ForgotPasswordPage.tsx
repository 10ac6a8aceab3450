import { useForgotPassword } from '@refinedev/core';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { forgotPasswordSchema, passwordResetMessages, type ForgotPasswordPayload } from '#domain/password-reset';
import { AuthFormActions } from '../../components/auth/AuthFormActions';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { AuthPageLayout } from '../../components/auth/AuthPageLayout';
import { zodRule } from '../../components/forms/zod-rule';
import { useValidateOnSubmitThenChange } from '../../components/forms/useValidateOnSubmitThenChange';

export default function ForgotPasswordPage() {
  const { mutate: askForLink, isPending } = useForgotPassword<ForgotPasswordPayload>();
  const validation = useValidateOnSubmitThenChange();
  const [sent, setSent] = useState(false);
  const submit = (values: ForgotPasswordPayload) =>
    askForLink(values, { onSuccess: (answer) => setSent(answer.success) });

  return (
    <AuthPageLayout>
      <AuthHeading title="Forgot password?">
        Enter the email address of your account and we will send you a link to choose a new password.
      </AuthHeading>
      {sent && (
        <Alert role="status" type="success" showIcon message={passwordResetMessages.linkSent} className="auth-alert" />
      )}
      <Form<ForgotPasswordPayload> noValidate layout="vertical" requiredMark={false} onFinish={submit} {...validation}>
        <Form.Item label="Email" name="email" rules={[zodRule(forgotPasswordSchema, 'email')]}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" size="large" />
        </Form.Item>
        <AuthFormActions linkTo="/login" linkLabel="Back to sign in" submitLabel="Send link" loading={isPending} />
      </Form>
    </AuthPageLayout>
  );
}
