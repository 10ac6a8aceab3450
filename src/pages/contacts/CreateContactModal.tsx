import { useModalForm } from '@refinedev/antd';
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { forwardRef, useImperativeHandle } from 'react';
import { contactSchema, GENDER_LABELS, GENDERS, joinTags, type Contact, type ContactInput } from '../../domain/contacts';
import { toasts } from '../../domain/messages';
import { BirthDatePicker } from '../../components/forms/BirthDatePicker';
import { TagsInput } from '../../components/forms/TagsInput';
import { zodRule } from '../../components/forms/zod-rule';

type FormValues = Omit<ContactInput, 'tags'> & { tags?: string[] };
const rule = (field: keyof ContactInput) => [zodRule(contactSchema, field)];
const genderOptions = GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] }));

export type CreateContactModalHandle = { open(): void };

/** 'Create new contact': the contact form in a dialog over the list, which reloads on success. */
export const CreateContactModal = forwardRef<CreateContactModalHandle, { businessId: number }>(function CreateContactModal(
  { businessId },
  ref,
) {
  const { modalProps, formProps, show } = useModalForm<Contact, never, FormValues>({
    resource: 'contacts',
    action: 'create',
    meta: { businessId },
    successNotification: () => ({ type: 'success', ...toasts.contactCreated }),
  });
  useImperativeHandle(ref, () => ({ open: () => show() }), [show]);

  const submit = (values: FormValues) =>
    formProps.onFinish?.({ ...values, tags: joinTags(values.tags ?? []), businessId } as unknown as FormValues);

  return (
    <Modal {...modalProps} title="Create new contact" okText="Create contact" width={640} destroyOnHidden>
      <Form {...formProps} onFinish={submit} layout="vertical" requiredMark={false} initialValues={{ tags: [] }}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="First name" name="firstName" rules={rule('firstName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Last name" name="lastName" rules={rule('lastName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Email" name="email" rules={rule('email')}>
              <Input type="email" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Phone number" name="phoneNumber" rules={rule('phoneNumber')}>
              <Input inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Birth date" name="birthDate" rules={rule('birthDate')}>
              <BirthDatePicker />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Gender" name="gender" rules={rule('gender')}>
              <Select options={genderOptions} placeholder="Select gender" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Tags" name="tags">
          <TagsInput />
        </Form.Item>
      </Form>
    </Modal>
  );
});
