import { useRegister } from '@refinedev/core';
import { Button, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../domain/messages';
import { registrationSchema, type FieldErrors, type RegistrationPayload } from '../../domain/rules';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { AuthPageLayout } from '../../components/auth/AuthPageLayout';
import { BirthDatePicker } from '../../components/forms/BirthDatePicker';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { zodRule } from '../../components/forms/zod-rule';
import { useValidateOnSubmitThenChange } from '../../components/forms/useValidateOnSubmitThenChange';

const rule = (field: keyof RegistrationPayload) => [zodRule(registrationSchema, field)];

export default function RegisterPage() {
  const [form] = Form.useForm<RegistrationPayload>();
  const validation = useValidateOnSubmitThenChange();
  const { mutate: register, isPending } = useRegister<RegistrationPayload>();
  // The server's per-field messages (e.g. email already registered) show under their fields.
  const submit = (values: RegistrationPayload) =>
    register(values, {
      onSuccess: (response) => showFieldErrors(form, (response as { errors?: FieldErrors }).errors),
    });

  return (
    <AuthPageLayout>
      <AuthHeading title={`Create ${PRODUCT_NAME} account`}>
        Create an account to manage your campaigns and outreach, and boost your company&apos;s ratings.
      </AuthHeading>
      <Form<RegistrationPayload> noValidate form={form} layout="vertical" requiredMark={false} onFinish={submit} {...validation}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="First name" name="firstName" rules={rule('firstName')}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Last name" name="lastName" rules={rule('lastName')}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Email" name="email" rules={rule('email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rule('password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Birth date" name="birthDate" rules={rule('birthDate')}>
              <BirthDatePicker />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Contact" name="phoneNumber" rules={rule('phoneNumber')}>
              <Input inputMode="numeric" autoComplete="tel" placeholder="491512345678" />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={12}>
          <Link to="/login" style={{ flex: 1 }}>
            <Button block size="large">
              Login
            </Button>
          </Link>
          <Button type="primary" htmlType="submit" size="large" loading={isPending} style={{ flex: 1 }}>
            Register
          </Button>
        </Flex>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 32, fontSize: 12, textAlign: 'center' }}>
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </Typography.Paragraph>
    </AuthPageLayout>
  );
}
