import { Form, Input, Row, Select } from 'antd';
import { contactSchema, GENDER_LABELS, GENDERS, type ContactInput } from '#domain/contacts';
import { BirthDatePicker } from '../../components/forms/BirthDatePicker';
import { HalfWidthItem } from '../../components/forms/HalfWidthItem';
import { TagsInput } from '../../components/forms/TagsInput';
import { zodRule } from '../../components/forms/zod-rule';

/** The contact form's values: tags as a list while editing. */
export type ContactFormValues = Omit<ContactInput, 'tags'> & { tags?: string[] };
const rule = (field: keyof ContactInput) => [zodRule(contactSchema, field)];
const genderOptions = GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] }));

/** The contact form's fields with their rules: creating a contact and editing one in its drawer. */
export function ContactFormFields() {
  return (
    <>
      <Row gutter={12}>
        <HalfWidthItem label="First name" name="firstName" rules={rule('firstName')}>
          <Input />
        </HalfWidthItem>
        <HalfWidthItem label="Last name" name="lastName" rules={rule('lastName')}>
          <Input />
        </HalfWidthItem>
        <HalfWidthItem label="Email" name="email" rules={rule('email')}>
          <Input type="email" />
        </HalfWidthItem>
        <HalfWidthItem label="Phone number" name="phoneNumber" rules={rule('phoneNumber')}>
          <Input inputMode="numeric" />
        </HalfWidthItem>
        <HalfWidthItem label="Birth date" name="birthDate" rules={rule('birthDate')}>
          <BirthDatePicker />
        </HalfWidthItem>
        <HalfWidthItem label="Gender" name="gender" rules={rule('gender')}>
          <Select options={genderOptions} placeholder="Select gender" />
        </HalfWidthItem>
      </Row>
      <Form.Item label="Tags" name="tags">
        <TagsInput />
      </Form.Item>
    </>
  );
}
