import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCreate, useUpdate, type HttpError } from '@refinedev/core';
import { Button, DatePicker, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  contactFilterFormSchema,
  filterConditionsRule,
  FILTER_ATTRIBUTE_TYPE,
  FILTER_ATTRIBUTES,
  isFilterAttribute,
  OPERATOR_LABELS,
  operatorsFor,
  SELECT_OPTIONS,
  toContactFilterPayload,
  type ContactFilter,
  type ContactFilterForm,
} from '#domain/filters';
import { limits, toasts } from '#domain/messages';
import type { FieldErrors } from '#domain/rules';
import { counted } from '#domain/words';
import { schemaRule, useSubmitValidation } from '../../components/forms/schema-rule';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { useSettledValue } from '../../components/forms/useSettledValue';
import { useResourceQuery } from '../../resources/useResourceAction';
import { searchableSelect } from '../../components/forms/searchable-select';

/** The API's field paths (spec payload) as the dialog's form paths. */
function toFormPaths(errors: FieldErrors | undefined): FieldErrors | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path.replace(/^contactFilter\.name$/, 'filterName').replace(/^contactFilterItems\./, 'conditions.'),
      message,
    ]),
  );
}

type Props = {
  open: boolean;
  businessId: number;
  /** The filter to edit; without one the dialog creates a filter. */
  filter?: ContactFilter;
  onClose(): void;
  onSaved(filter: ContactFilter): void;
};

const attributeOptions = FILTER_ATTRIBUTES.map(({ attribute, label }) => ({ value: attribute, label }));
/** Every field is checked by the shared form schema, at its own path. */
const rules = (...path: Array<string | number>) => [schemaRule<ContactFilterForm>(contactFilterFormSchema, (values) => values, path)];
const EMPTY_CONDITION = { attribute: undefined, operator: undefined, value: undefined };
const COUNT_SETTLE_MS = 400;
/** Attribute, operator and value share a line down to 140 px each; narrower, they wrap. */
const conditionPart = { flex: '1 1 140px', minWidth: 0, marginBottom: 8 };

/** How many contacts the conditions match now, once they are complete and have stopped changing. */
function MatchingCount({ businessId, open, conditions }: { businessId: number; open: boolean; conditions: unknown }) {
  const settled = useSettledValue(conditions, COUNT_SETTLE_MS);
  const complete = filterConditionsRule.safeParse(settled);
  const matching = useResourceQuery('contactFilters', 'countMatching', {
    values: complete.success ? { businessId, contactFilterItems: complete.data } : undefined,
    queryOptions: { enabled: open && complete.success, placeholderData: (previous) => previous },
  });
  const text = !complete.success
    ? 'Complete the conditions to see how many contacts they match.'
    : matching.isError
      ? 'The contacts could not be counted.'
      : matching.data
        ? `Matches ${counted(matching.data.data.count, 'contact')} now.`
        : 'Counting contacts…';
  return (
    <Typography.Text type="secondary" role="status" data-testid="filter-matching-count">
      {text}
    </Typography.Text>
  );
}

/** The value input of an attribute's type: text, a date picker, or the gender select. */
function ValueInput({ attribute, value, onChange }: { attribute?: string; value?: string; onChange?: (value: string) => void }) {
  const type = attribute && isFilterAttribute(attribute) ? FILTER_ATTRIBUTE_TYPE[attribute] : 'text';
  if (type === 'date') {
    return (
      <DatePicker
        style={{ width: '100%' }}
        format="DD.MM.YYYY"
        aria-label="Value"
        value={value ? dayjs(value) : null}
        onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : '')}
      />
    );
  }
  if (type === 'select') {
    return <Select {...searchableSelect} placeholder="Value" aria-label="Value" options={SELECT_OPTIONS.gender as never} value={value} onChange={onChange} />;
  }
  return <Input placeholder="Value" aria-label="Value" value={value} maxLength={limits.filterConditionTextMax} onChange={(event) => onChange?.(event.target.value)} />;
}

/**
 * 'Create new filter' (or, given a filter, 'Edit filter'; its initial values are read once, so
 * the caller keys the dialog by what it edits): a name and up to 10 conditions
 * (attribute, then the operators of its type, then a value of its type), with how many contacts
 * they match as they change. The last condition cannot be removed; changing the attribute clears
 * operator and value. Checked with the shared rules, so the messages are the server's.
 */
export function FilterDialog({ open, businessId, filter, onClose, onSaved }: Props) {
  const [form] = Form.useForm<ContactFilterForm>();
  const { mutate: create, mutation: creation } = useCreate<ContactFilter>();
  const { mutate: update, mutation: updating } = useUpdate<ContactFilter>();
  const validation = useSubmitValidation(form);
  const conditions = Form.useWatch('conditions', form);

  const callbacks = {
    onSuccess: ({ data }: { data: ContactFilter }) => {
      form.resetFields();
      onSaved(data);
    },
    // The server's refusals go under the fields too (a taken name is a 409 without field errors).
    onError: (error: HttpError) =>
      showFieldErrors(form, error.statusCode === 409 ? { filterName: error.message } : toFormPaths(error.errors as FieldErrors | undefined)),
  };
  // What the fields show needs no toast too.
  const errorNotification = (error?: HttpError) => (error?.statusCode === 409 || error?.errors ? false : undefined);

  const submit = async () => {
    if (!(await validation.validate())) return;
    const parsed = contactFilterFormSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) return;
    const payload = toContactFilterPayload(parsed.data, businessId);
    if (filter) {
      update(
        {
          resource: 'contactFilters',
          id: filter.id,
          values: { contactFilter: { name: payload.contactFilter.name }, contactFilterItems: payload.contactFilterItems },
          successNotification: () => ({ type: 'success', ...toasts.contactFilterUpdated }),
          errorNotification,
        },
        callbacks,
      );
      return;
    }
    create(
      {
        resource: 'contactFilters',
        values: payload,
        successNotification: () => ({ type: 'success', ...toasts.contactFilterCreated }),
        errorNotification,
      },
      callbacks,
    );
  };

  return (
    <Modal
      open={open}
      title={filter ? `Edit filter ${filter.name}` : 'Create new filter'}
      okText={filter ? 'Save filter' : 'Create filter'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={creation.isPending || updating.isPending}
      width={760}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} validateTrigger={validation.validateTrigger} initialValues={filter ? { filterName: filter.name, conditions: filter.items } : { filterName: '', conditions: [EMPTY_CONDITION] }}>
        <Form.Item label="Filter name" name="filterName" rules={rules('filterName')}>
          <Input maxLength={limits.filterNameMax} placeholder="e.g. Regulars from Berlin" />
        </Form.Item>
        <Form.List name="conditions">
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={4} role="group" aria-labelledby="filter-conditions-title">
              <Typography.Text id="filter-conditions-title">
                Conditions: a contact is a recipient when it meets <strong>all</strong> of them.
              </Typography.Text>
              {fields.map((field) => (
                // On a phone the value goes onto a line of its own rather than shrink to a letter.
                <Flex key={field.key} gap={8} align="start" wrap data-testid="filter-condition">
                  <Form.Item name={[field.name, 'attribute']} rules={rules('conditions', field.name, 'attribute')} style={conditionPart}>
                    <Select
                      {...searchableSelect}
                      placeholder="Attribute"
                      aria-label="Attribute"
                      options={attributeOptions}
                      onChange={() => {
                        form.setFieldValue(['conditions', field.name, 'operator'], undefined);
                        form.setFieldValue(['conditions', field.name, 'value'], undefined);
                      }}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const attribute = form.getFieldValue(['conditions', field.name, 'attribute']) as string | undefined;
                      return (
                        <>
                          <Form.Item name={[field.name, 'operator']} rules={rules('conditions', field.name, 'operator')} style={conditionPart}>
                            <Select
                              {...searchableSelect}
                              placeholder="Operator"
                              aria-label="Operator"
                              disabled={!attribute}
                              options={operatorsFor(attribute ?? '').map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
                            />
                          </Form.Item>
                          <Form.Item name={[field.name, 'value']} rules={rules('conditions', field.name, 'value')} style={conditionPart}>
                            <ValueInput attribute={attribute} />
                          </Form.Item>
                        </>
                      );
                    }}
                  </Form.Item>
                  <Button
                    aria-label="Remove condition"
                    icon={<DeleteOutlined />}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Form.ErrorList errors={errors} />
              <MatchingCount businessId={businessId} open={open} conditions={conditions} />
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= limits.filterConditionsMax}
                onClick={() => add(EMPTY_CONDITION)}
                style={{ alignSelf: 'start' }}
              >
                Add condition ({fields.length} of {limits.filterConditionsMax})
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
