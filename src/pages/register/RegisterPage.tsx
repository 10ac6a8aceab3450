import { useRegister } from '@refinedev/core';
import { Form, Input, Row, Typography } from 'antd';
import { PRODUCT_NAME } from '#domain/messages';
import { registrationSchema, type FieldErrors, type RegistrationPayload } from '#domain/rules';
import { AuthFormActions } from '../../components/auth/AuthFormActions';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { AuthPageLayout } from '../../components/auth/AuthPageLayout';
import { BirthDatePicker } from '../../components/forms/BirthDatePicker';
import { HalfWidthItem } from '../../components/forms/HalfWidthItem';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { zodRule } from '../../components/forms/zod-rule';
import { useValidateOnSubmitThenChange } from '../../components/forms/useValidateOnSubmitThenChange';

const rule = (field: keyof RegistrationPayload) => [zodRule(registrationSchema, field)];

export default function RegisterPage() {
  const [form] = Form.useForm<RegistrationPayload>();
  const validation = useValidateOnSubmitThenChange();
  const { mutate: register, isPending } = useRegister<RegistrationPayload>();
  // The server's per-field messages show under their fields (a taken email is not one: the server
  // answers it as a new one and emails the address's owner).
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
          <HalfWidthItem label="First name" name="firstName" rules={rule('firstName')}>
            <Input autoComplete="given-name" />
          </HalfWidthItem>
          <HalfWidthItem label="Last name" name="lastName" rules={rule('lastName')}>
            <Input autoComplete="family-name" />
          </HalfWidthItem>
        </Row>
        <Form.Item label="Email" name="email" rules={rule('email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rule('password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Row gutter={12}>
          <HalfWidthItem label="Birth date" name="birthDate" rules={rule('birthDate')}>
            <BirthDatePicker />
          </HalfWidthItem>
          <HalfWidthItem label="Contact" name="phoneNumber" rules={rule('phoneNumber')}>
            <Input inputMode="numeric" autoComplete="tel" placeholder="491512345678" />
          </HalfWidthItem>
        </Row>
        <AuthFormActions linkTo="/login" linkLabel="Login" submitLabel="Register" loading={isPending} />
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 32, fontSize: 12, textAlign: 'center' }}>
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </Typography.Paragraph>
    </AuthPageLayout>
  );
}
