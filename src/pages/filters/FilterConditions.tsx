import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  FILTER_ATTRIBUTE_TYPE,
  FILTER_ATTRIBUTES,
  isFilterAttribute,
  OPERATOR_LABELS,
  operatorsFor,
  SELECT_OPTIONS,
  type ContactFilterForm,
} from '#domain/filters';
import { limits } from '#domain/messages';
import { searchableSelect } from '../../components/forms/searchable-select';
import { EMPTY_CONDITION, rules } from './filter-form';
import { MatchingCount } from './MatchingCount';

const attributeOptions = FILTER_ATTRIBUTES.map(({ attribute, label }) => ({ value: attribute, label }));
/** Attribute, operator and value share a line down to 140 px each; narrower, they wrap. */
const conditionPart = { flex: '1 1 140px', minWidth: 0, marginBottom: 8 };

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

/** One condition, the list's item `name`: changing its attribute clears operator and value. */
function ConditionRow({ name, removable, onRemove }: { name: number; removable: boolean; onRemove(): void }) {
  const form = Form.useFormInstance<ContactFilterForm>();
  return (
    // On a phone the value goes onto a line of its own rather than shrink to a letter.
    <Flex gap={8} align="start" wrap data-testid="filter-condition">
      <Form.Item name={[name, 'attribute']} rules={rules('conditions', name, 'attribute')} style={conditionPart}>
        <Select
          {...searchableSelect}
          placeholder="Attribute"
          aria-label="Attribute"
          options={attributeOptions}
          onChange={() => {
            form.setFieldValue(['conditions', name, 'operator'], undefined);
            form.setFieldValue(['conditions', name, 'value'], undefined);
          }}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {() => {
          const attribute = form.getFieldValue(['conditions', name, 'attribute']) as string | undefined;
          return (
            <>
              <Form.Item name={[name, 'operator']} rules={rules('conditions', name, 'operator')} style={conditionPart}>
                <Select
                  {...searchableSelect}
                  placeholder="Operator"
                  aria-label="Operator"
                  disabled={!attribute}
                  options={operatorsFor(attribute ?? '').map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
                />
              </Form.Item>
              <Form.Item name={[name, 'value']} rules={rules('conditions', name, 'value')} style={conditionPart}>
                <ValueInput attribute={attribute} />
              </Form.Item>
            </>
          );
        }}
      </Form.Item>
      <Button aria-label="Remove condition" icon={<DeleteOutlined />} disabled={!removable} onClick={onRemove} />
    </Flex>
  );
}

/** The filter dialog's conditions (up to 10, the last one stays) and how many contacts they match. */
export function FilterConditions({ businessId, open, conditions }: { businessId: number; open: boolean; conditions: unknown }) {
  return (
    <Form.List name="conditions">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={4} role="group" aria-labelledby="filter-conditions-title">
          <Typography.Text id="filter-conditions-title">
            Conditions: a contact is a recipient when it meets <strong>all</strong> of them.
          </Typography.Text>
          {fields.map((field) => (
            <ConditionRow key={field.key} name={field.name} removable={fields.length !== 1} onRemove={() => remove(field.name)} />
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
  );
}
