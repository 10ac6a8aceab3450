import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Grid, Table, Typography, type TableProps } from 'antd';
import { describeConditions, type ContactFilter } from '#domain/filters';
import { counted } from '#domain/words';
import type { FilterCounts } from './useFilterCounts';

type Props = {
  /** Refine's useTable's props for the list. */
  tableProps: TableProps<ContactFilter>;
  counts: Pick<FilterCounts, 'countOf' | 'contactsNow'>;
  onEdit(filter: ContactFilter): void;
  onDelete(filter: ContactFilter): void;
};

/** The saved filters: name and conditions in words, contacts now, the campaigns using each, edit and delete. */
export function FiltersTable({ tableProps, counts: { countOf, contactsNow }, onEdit, onDelete }: Props) {
  // On a phone the count goes under the name, so the name keeps the width to be read whole.
  const narrow = !Grid.useBreakpoint().sm;
  return (
    <Table<ContactFilter>
      {...tableProps}
      rowKey="id"
      data-testid="filters-table"
      locale={{
        emptyText: (
          <Empty description={<Typography.Text type="secondary">No filters yet. Create one to choose who a campaign goes to.</Typography.Text>} />
        ),
      }}
      columns={[
        {
          key: 'name',
          title: 'Filter',
          render: (_, filter) => (
            <Flex vertical gap={2}>
              <Typography.Text strong>{filter.name}</Typography.Text>
              <Typography.Text type="secondary">{describeConditions(filter.items)}</Typography.Text>
              {narrow && <Typography.Text data-testid="filter-count">{contactsNow(filter)} now</Typography.Text>}
            </Flex>
          ),
        },
        {
          key: 'contacts',
          title: 'Contacts now',
          width: 130,
          responsive: ['sm'],
          render: (_, filter) => <span data-testid="filter-count">{contactsNow(filter)}</span>,
        },
        {
          key: 'campaigns',
          title: 'Used by',
          width: 140,
          responsive: ['md'],
          render: (_, filter) => {
            const count = countOf.get(filter.id);
            return count ? (count.campaigns ? counted(count.campaigns, 'campaign') : 'No campaign') : '';
          },
        },
        {
          key: 'actions',
          title: 'Actions',
          width: 104,
          render: (_, filter) => (
            <Flex gap={8}>
              <Button icon={<EditOutlined />} aria-label={`Edit filter ${filter.name}`} onClick={() => onEdit(filter)} />
              <Button danger icon={<DeleteOutlined />} aria-label={`Delete filter ${filter.name}`} onClick={() => onDelete(filter)} />
            </Flex>
          ),
        },
      ]}
    />
  );
}
