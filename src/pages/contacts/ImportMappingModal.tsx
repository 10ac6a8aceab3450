import { Alert, Form, Modal, Select, Table, Typography } from 'antd';
import { useMemo } from 'react';
import {
  DATE_ORDERS,
  DATE_ORDER_LABELS,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  TWO_DIGIT_YEARS,
  TWO_DIGIT_YEAR_LABELS,
  type DateOrder,
  type ImportField,
  type ImportMapping,
  type TwoDigitYears,
} from '#domain/contact-import-columns';
import type { MappingChoice, PendingMapping } from './useImportContacts';
import { searchableSelect } from '../../components/forms/searchable-select';

type Props = { pending: PendingMapping | null; onConfirm(choice: MappingChoice): void; onCancel(): void };
type Values = Record<ImportField, string | null> & { dateOrder: DateOrder; twoDigitYears?: TwoDigitYears };

const NOT_IN_FILE = { value: '', label: 'Not in the file' };

/**
 * The mapping step: the file's columns with its first rows, and a select per Starboost field
 * pre-filled with the server's guesses ("Not in the file" for any of them); how dates are read,
 * and two-digit years when the file has them. The owner's choice is sent with the file again.
 */
export function ImportMappingModal({ pending, onConfirm, onCancel }: Props) {
  const [form] = Form.useForm<Values>();
  const question = pending?.question;

  // The server's guesses; the form is mounted afresh for every file (destroyOnHidden).
  const initialValues = useMemo(
    () =>
      question && ({
        ...Object.fromEntries(IMPORT_FIELDS.map((field) => [field, question.guesses[field] ?? ''])),
        dateOrder: question.dateOrder.order,
        twoDigitYears: question.twoDigitYears ? 'PAST' : undefined,
      } as Values),
    [question],
  );

  const columnOptions = useMemo(
    () => [NOT_IN_FILE, ...(question?.columns ?? []).filter(Boolean).map((column) => ({ value: column, label: column }))],
    [question],
  );
  const preview = useMemo(
    () => (question?.rows ?? []).map((cells, index) => ({ key: index, ...Object.fromEntries(cells.map((cell, i) => [`c${i}`, cell])) })),
    [question],
  );

  function submit(values: Values) {
    const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, values[field] || null])) as ImportMapping;
    onConfirm({ mapping, dateOrder: values.dateOrder, ...(values.twoDigitYears ? { twoDigitYears: values.twoDigitYears } : {}) });
  }

  return (
    <Modal
      open={Boolean(pending)}
      title={`Match the columns of ${pending?.fileName ?? 'the file'}`}
      okText="Import"
      onOk={() => form.submit()}
      onCancel={onCancel}
      width={880}
      destroyOnHidden
      data-testid="import-mapping"
    >
      {pending && question && (
        <>
          <Alert type="info" showIcon message={pending.message} description="Choose the file's column for each field, then import." />
          <Typography.Title level={5}>First rows of the file</Typography.Title>
          <Table
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={preview}
            columns={question.columns.map((column, i) => ({ title: column || `Column ${i + 1}`, dataIndex: `c${i}`, key: `c${i}` }))}
          />
          <Form form={form} name="import-mapping" initialValues={initialValues ?? undefined} layout="horizontal" labelCol={{ span: 9 }} wrapperCol={{ span: 15 }} onFinish={submit}>
            <Typography.Title level={5}>Starboost fields</Typography.Title>
            {IMPORT_FIELDS.map((field) => (
              <Form.Item key={field} name={field} label={IMPORT_FIELD_LABELS[field]}>
                <Select {...searchableSelect} options={columnOptions} data-testid={`map-${field}`} />
              </Form.Item>
            ))}
            <Form.Item
              name="dateOrder"
              label="Dates like 04/05/1990"
              extra={question.dateOrder.decided ? 'Decided by a date in the file that can only be read one way.' : undefined}
            >
              <Select {...searchableSelect} options={DATE_ORDERS.map((order) => ({ value: order, label: DATE_ORDER_LABELS[order] }))} />
            </Form.Item>
            {question.twoDigitYears && (
              <Form.Item name="twoDigitYears" label={`Years like ${question.twoDigitYears.example}`}>
                <Select {...searchableSelect} options={TWO_DIGIT_YEARS.map((choice) => ({ value: choice, label: TWO_DIGIT_YEAR_LABELS[choice] }))} data-testid="map-twoDigitYears" />
              </Form.Item>
            )}
          </Form>
        </>
      )}
    </Modal>
  );
}
