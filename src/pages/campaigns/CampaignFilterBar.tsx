import { Flex, Input, Select } from 'antd';
import { CAMPAIGN_STATUS_FILTERS, CAMPAIGN_TYPE_LABELS, CAMPAIGN_TYPES } from '#domain/campaign-status';
import { searchableSelect } from '../../components/forms/searchable-select';
import type { CampaignFilters } from './campaign-view';

const typeOptions = [
  { value: 'ALL', label: 'All types' },
  ...CAMPAIGN_TYPES.map((type) => ({ value: type, label: CAMPAIGN_TYPE_LABELS[type] })),
];
const statusOptions = [{ value: 'ALL', label: 'All statuses' }, ...CAMPAIGN_STATUS_FILTERS];

/** Which campaigns the list shows: by type, by status, and by a part of their name. */
export function CampaignFilterBar({ filters, onChange }: { filters: CampaignFilters; onChange(filters: CampaignFilters): void }) {
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      <Select
        {...searchableSelect}
        aria-label="Campaign type"
        style={{ width: 160 }}
        options={typeOptions}
        value={filters.type}
        onChange={(type) => onChange({ ...filters, type })}
      />
      <Select
        {...searchableSelect}
        aria-label="Campaign status"
        style={{ width: 160 }}
        options={statusOptions}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <Input.Search
        placeholder="Search campaigns by name"
        allowClear
        style={{ maxWidth: 280 }}
        value={filters.name}
        onChange={(event) => onChange({ ...filters, name: event.target.value })}
      />
    </Flex>
  );
}
