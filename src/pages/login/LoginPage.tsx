import { Flex, Form, Input, theme } from 'antd';
import { Link } from 'react-router';
import { FORGOT_PASSWORD_PATH } from '#domain/password-reset';
import { loginSchema, type LoginPayload } from '#domain/rules';
import { AuthFormActions } from '../../components/auth/AuthFormActions';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { AuthPageLayout } from '../../components/auth/AuthPageLayout';
import { zodRule } from '../../components/forms/zod-rule';
import { useValidateOnSubmitThenChange } from '../../components/forms/useValidateOnSubmitThenChange';
import { useSignIn } from './useSignIn';

export default function LoginPage() {
  const { signIn, isPending } = useSignIn();
  const validation = useValidateOnSubmitThenChange();
  const { token } = theme.useToken();

  return (
    <AuthPageLayout>
      <AuthHeading title="Sign in">Welcome back. Sign in to manage your review campaigns.</AuthHeading>
      <Form<LoginPayload> noValidate layout="vertical" requiredMark={false} onFinish={(values) => void signIn(values)} {...validation}>
        <Form.Item label="Email" name="email" rules={[zodRule(loginSchema, 'email')]}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(loginSchema, 'password')]}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <Link to={FORGOT_PASSWORD_PATH} style={{ color: token.colorTextSecondary }}>
            Forgot password?
          </Link>
        </Flex>
        <AuthFormActions linkTo="/register" linkLabel="Register" submitLabel="Login" loading={isPending} />
      </Form>
    </AuthPageLayout>
  );
}
