import { ConfigProvider, Table, Tag, type TableColumnsType, type TableProps } from 'antd';
import { memo, useMemo } from 'react';
import type { ContactRow } from './useContactsTable';
import { formatBirthDate, formatLastVisited, genderLabel, statusColor, statusLabel } from './contact-display';

/** One collator for every text column: much faster than localeCompare per comparison. */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byText = (key: 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'gender' | 'status') => (a: ContactRow, b: ContactRow) =>
  collator.compare(a[key], b[key]);
// ISO dates and instants sort correctly as strings; never-visited contacts sort first.
const byIso = (key: 'birthDate' | 'lastVisited') => (a: ContactRow, b: ContactRow) =>
  (a[key] ?? '') < (b[key] ?? '') ? -1 : (a[key] ?? '') > (b[key] ?? '') ? 1 : 0;

const columns: TableColumnsType<ContactRow> = [
  { title: 'First name', dataIndex: 'firstName', width: 150, sorter: byText('firstName'), ellipsis: true },
  { title: 'Last Name', dataIndex: 'lastName', width: 150, sorter: byText('lastName'), ellipsis: true },
  { title: 'Email', dataIndex: 'email', width: 260, sorter: byText('email'), ellipsis: true },
  { title: 'Phone number', dataIndex: 'phoneNumber', width: 160, sorter: byText('phoneNumber') },
  { title: 'Gender', dataIndex: 'gender', width: 130, sorter: byText('gender'), render: genderLabel },
  { title: 'Birth date', dataIndex: 'birthDate', width: 130, sorter: byIso('birthDate'), render: formatBirthDate },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 140,
    sorter: byText('status'),
    render: (status: string) => (
      <Tag color={statusColor(status)} bordered={false}>
        {statusLabel(status)}
      </Tag>
    ),
  },
  { title: 'Last visited', dataIndex: 'lastVisited', width: 180, sorter: byIso('lastVisited'), render: formatLastVisited },
];
const TABLE_WIDTH = 48 + columns.reduce((sum, column) => sum + Number(column.width), 0);

// paddingSM 11 makes antd's fixed virtual row height 11 + 22 (text) + 11 + 1 (border) = 45 px.
const ROW_45PX_THEME = { token: { paddingSM: 11 } };

type Props = {
  rows: ContactRow[];
  height: number;
  selected: ReadonlySet<number>;
  onSelectionChange(keys: ReadonlySet<number>): void;
};

/** The virtual contacts table: every row of the search at once, no pagination. */
export const ContactsTable = memo(function ContactsTable({ rows, height, selected, onSelectionChange }: Props) {
  const selectedRowKeys = useMemo(() => [...selected], [selected]);
  const rowSelection = useMemo<TableProps<ContactRow>['rowSelection']>(
    () => ({
      selectedRowKeys,
      columnWidth: 48,
      // antd's shift-click selects the range between the last click and this one.
      onChange: (keys) => onSelectionChange(new Set(keys as number[])),
    }),
    [selectedRowKeys, onSelectionChange],
  );

  return (
    <ConfigProvider theme={ROW_45PX_THEME}>
      <Table<ContactRow>
        virtual
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        rowSelection={rowSelection}
        pagination={false}
        scroll={{ x: TABLE_WIDTH, y: height }}
        showSorterTooltip={false}
        data-testid="contacts-table"
      />
    </ConfigProvider>
  );
});
