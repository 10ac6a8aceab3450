import { Col, Form, Input, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { businessSchema, postalCodeProblem, regionOfCountry, regionOptions, type BusinessFormValues } from '#domain/businesses';
import { SMS_WINDOW, timeZoneNames } from '#domain/sms-window';
import { zodRule } from './zod-rule';
import { searchableSelect } from './searchable-select';

type AddressField = Exclude<
  keyof BusinessFormValues,
  'reviewSites' | 'reviewRequestCapDays' | 'region' | 'textCountries' | 'timeZone' | 'smsWindowStart' | 'smsWindowEnd'
>;

const fields: Array<{ name: AddressField; label: string; span: number }> = [
  { name: 'name', label: 'Name', span: 24 },
  { name: 'streetName', label: 'Street name', span: 16 },
  { name: 'streetNumber', label: 'Street number', span: 8 },
  { name: 'country', label: 'Country', span: 12 },
  { name: 'city', label: 'City', span: 12 },
  { name: 'postalCode', label: 'Postal code', span: 12 },
];

/** The postal code in the format of the country typed above it (the server checks the same). */
const postalCodeInCountry: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const country = getFieldValue('country');
    if (typeof value !== 'string' || !value.trim() || typeof country !== 'string') return;
    const problem = postalCodeProblem(value, regionOfCountry(country));
    if (problem) throw new Error(problem);
  },
});

/** The business form's name and address fields, shared by 'Add new business' and 'Business settings'. */
export function BusinessFields() {
  return (
    <Row gutter={12}>
      {fields.map(({ name, label, span }) => (
        <Col key={name} xs={24} sm={span}>
          <Form.Item
            label={label}
            name={name}
            rules={name === 'postalCode' ? [zodRule(businessSchema, name), postalCodeInCountry] : [zodRule(businessSchema, name)]}
            dependencies={name === 'postalCode' ? ['country'] : undefined}
          >
            <Input />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** Read national phone numbers and keep text messages inside the legal hours of the business's place. */
export function PhoneAndQuietHoursFields() {
  const regions = useMemo(regionOptions, []);
  const timeZones = useMemo(() => timeZoneNames().map((name) => ({ value: name, label: name })), []);
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          label="Phone number country"
          name="region"
          rules={[zodRule(businessSchema, 'region')]}
          extra="Numbers typed without a country code are read as numbers of this country. Leave empty to use the Country above."
        >
          <Select {...searchableSelect} allowClear options={regions} placeholder="Same as Country" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Time zone" name="timeZone" rules={[zodRule(businessSchema, 'timeZone')]}>
          <Select {...searchableSelect} options={timeZones} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          label="Text customers' numbers from"
          name="textCountries"
          rules={[zodRule(businessSchema, 'textCountries', (value) => value ?? [])]}
          extra="A number a customer gives at the counter, or that another system sends, gets a text only when it is a mobile number of one of these countries. Leave empty for the phone number country."
        >
          <Select {...searchableSelect} mode="multiple" allowClear options={regions} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item label="Texts from" name="smsWindowStart" rules={[zodRule(businessSchema, 'smsWindowStart')]}>
          <Input placeholder={SMS_WINDOW.start} inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item label="Texts until" name="smsWindowEnd" rules={[zodRule(businessSchema, 'smsWindowEnd')]}>
          <Input placeholder={SMS_WINDOW.end} inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Typography.Paragraph type="secondary" style={{ marginTop: 30 }}>
          Text messages wait for this window, in the business's time zone ({SMS_WINDOW.start}–{SMS_WINDOW.end} at most).
        </Typography.Paragraph>
      </Col>
    </Row>
  );
}
