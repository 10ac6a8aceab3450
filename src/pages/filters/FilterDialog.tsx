import { Form, Input, Modal } from 'antd';
import type { ContactFilter, ContactFilterForm } from '#domain/filters';
import { limits } from '#domain/messages';
import { EMPTY_CONDITION, rules } from './filter-form';
import { FilterConditions } from './FilterConditions';
import { useSaveFilter } from './useSaveFilter';

type Props = {
  open: boolean;
  businessId: number;
  /** The filter to edit; without one the dialog creates a filter. */
  filter?: ContactFilter;
  onClose(): void;
  onSaved(filter: ContactFilter): void;
};

/**
 * 'Create new filter' (or, given a filter, 'Edit filter'; its initial values are read once, so
 * the caller keys the dialog by what it edits): a name and up to 10 conditions
 * (attribute, then the operators of its type, then a value of its type), with how many contacts
 * they match as they change. The last condition cannot be removed; changing the attribute clears
 * operator and value. Checked with the shared rules, so the messages are the server's.
 */
export function FilterDialog({ open, businessId, filter, onClose, onSaved }: Props) {
  const [form] = Form.useForm<ContactFilterForm>();
  const { submit, saving, validateTrigger } = useSaveFilter(form, { businessId, filter, onSaved });
  const conditions = Form.useWatch('conditions', form);

  return (
    <Modal
      open={open}
      title={filter ? `Edit filter ${filter.name}` : 'Create new filter'}
      okText={filter ? 'Save filter' : 'Create filter'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      width={760}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} validateTrigger={validateTrigger} initialValues={filter ? { filterName: filter.name, conditions: filter.items } : { filterName: '', conditions: [EMPTY_CONDITION] }}>
        <Form.Item label="Filter name" name="filterName" rules={rules('filterName')}>
          <Input maxLength={limits.filterNameMax} placeholder="e.g. Regulars from Berlin" />
        </Form.Item>
        <FilterConditions businessId={businessId} open={open} conditions={conditions} />
      </Form>
    </Modal>
  );
}
