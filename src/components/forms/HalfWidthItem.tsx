import { Col, Form, type FormItemProps } from 'antd';

/** A form field taking half of its row: the person forms (registration, contact) pair their fields. */
export function HalfWidthItem(props: FormItemProps) {
  return (
    <Col span={12}>
      <Form.Item {...props} />
    </Col>
  );
}
