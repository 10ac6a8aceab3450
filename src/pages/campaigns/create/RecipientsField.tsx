import { Form, Select } from 'antd';
import type { ContactFilter } from '#domain/filters';
import { searchableSelect } from '../../../components/forms/searchable-select';
import type { SetupRules } from './setup-values';
import type { Recipients } from './useSetupForm';

const CREATE_NEW_FILTER = -1;

type Props = {
  rules: SetupRules;
  filters: ContactFilter[];
  loading: boolean;
  recipients: Recipients;
  /** '+ Create new filter' was chosen. */
  onCreateFilter(): void;
};

/** Which saved filter receives the campaign (with how many it matches), or a new one. */
export function RecipientsField({ rules, filters, loading, recipients, onCreateFilter }: Props) {
  const filterOptions = [
    ...filters.map((filter) => ({ value: filter.id, label: filter.name })),
    { value: CREATE_NEW_FILTER, label: '+ Create new filter' },
  ];
  return (
    <Form.Item
      label="Recipients"
      name="contactFilterId"
      rules={rules('contactFilterId')}
      extra={
        recipients.chosen
          ? recipients.counting
            ? 'Counting recipients...'
            : `${recipients.count ?? 0} recipients match this filter`
          : undefined
      }
    >
      <Select
        {...searchableSelect}
        placeholder="Choose who receives the campaign"
        aria-label="Recipients"
        loading={loading}
        options={filterOptions}
        onChange={(value) => {
          if (value === CREATE_NEW_FILTER) onCreateFilter();
        }}
      />
    </Form.Item>
  );
}
