import { Form, Input, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  contactEditSchema,
  contactSchema,
  GENDER_LABELS,
  GENDERS,
  KEPT_FIELD_MESSAGES,
  keepsField,
  type Contact,
  type ContactInput,
  type KeptField,
} from '#domain/contacts';
import { BirthDatePicker } from '../../components/forms/BirthDatePicker';
import { HalfWidthItem } from '../../components/forms/HalfWidthItem';
import { TagsInput } from '../../components/forms/TagsInput';
import { zodRule } from '../../components/forms/zod-rule';
import { examplePhoneNumber, readPhoneNumber } from '../../phone-numbers';
import { MISSING } from './contact-display';
import { searchableSelect } from '../../components/forms/searchable-select';

/** The contact form's values: tags as a list while editing; what a contact lacks is empty. */
export type ContactFormValues = Omit<ContactInput, 'tags' | 'email' | 'phoneNumber' | 'birthDate'> & {
  email?: string;
  phoneNumber?: string;
  birthDate?: string;
  tags?: string[];
};
const genderOptions = GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] }));

/** A typed number must read as one in the business's country or with its country code (the server reads it again). */
const phoneNumberRule = (region: string | null): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || !value.trim()) return;
    const reading = readPhoneNumber(value, region);
    if ('problem' in reading) throw new Error(reading.problem);
  },
});

/** A field the contact has may be changed, not emptied (an edit never blanks one). */
const keptRule = (contact: Contact, field: KeptField): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (keepsField(contact, field) && (typeof value !== 'string' || !value.trim())) throw new Error(KEPT_FIELD_MESSAGES[field]);
  },
});

type Props = {
  /** The business's phone number country: numbers are read and shown in it. */
  region: string | null;
  /** The contact being edited (its drawer); without it, a new contact with every field of the spec's form required. */
  editing?: Contact;
};

/**
 * The contact form's fields with their rules: creating a contact (the spec's required fields) and
 * editing one in its drawer, which asks for no field the contact does not have.
 */
export function ContactFormFields({ region, editing }: Props) {
  const rules = (field: keyof ContactInput): Rule[] =>
    editing
      ? [zodRule(contactEditSchema, field), ...(field in KEPT_FIELD_MESSAGES ? [keptRule(editing, field as KeptField)] : [])]
      : [zodRule(contactSchema, field)];
  const example = examplePhoneNumber(region);
  // In the drawer, a field the contact lacks shows "—", as the table does.
  const lacking = (field: KeptField) => (editing && !keepsField(editing, field) ? MISSING : undefined);
  return (
    <>
      <Row gutter={12}>
        <HalfWidthItem label="First name" name="firstName" rules={rules('firstName')}>
          <Input placeholder={lacking('firstName')} />
        </HalfWidthItem>
        <HalfWidthItem label="Last name" name="lastName" rules={rules('lastName')}>
          <Input placeholder={lacking('lastName')} />
        </HalfWidthItem>
        <HalfWidthItem label="Email" name="email" rules={rules('email')}>
          <Input type="email" placeholder={lacking('email')} />
        </HalfWidthItem>
        <HalfWidthItem label="Phone number" name="phoneNumber" rules={[...rules('phoneNumber'), phoneNumberRule(region)]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder={lacking('phoneNumber') ?? example?.national ?? '+44 7911 123456'} />
        </HalfWidthItem>
        <HalfWidthItem label="Birth date" name="birthDate" rules={rules('birthDate')}>
          <BirthDatePicker placeholder={lacking('birthDate')} />
        </HalfWidthItem>
        <HalfWidthItem label="Gender" name="gender" rules={rules('gender')}>
          <Select {...searchableSelect} options={genderOptions} placeholder="Select gender" />
        </HalfWidthItem>
      </Row>
      <Form.Item label="Tags" name="tags">
        <TagsInput />
      </Form.Item>
    </>
  );
}
