import { CheckCircleOutlined, DeleteOutlined, ExportOutlined, TagOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Input, Typography } from 'antd';
import type { ContactExportFormat } from '#domain/contacts';
import { counted } from '#domain/words';
import type { BulkDialog } from './useBulkActions';
import type { ContactsTableState } from './useContactsTable';

type Props = {
  table: ContactsTableState;
  exporting: boolean;
  onExport(format: ContactExportFormat, contactIds: number[] | null): void;
  onAction(dialog: BulkDialog): void;
};

/** What the count line says: the selection, the first page while the rest loads, or what the search shows. */
function countText(table: ContactsTableState) {
  if (table.selected.size > 0) return `${table.selected.size.toLocaleString()} selected`;
  if (table.isLoading || table.isError) return '';
  if (table.isArriving) return `First ${table.rows.length.toLocaleString()} contacts shown; loading the rest…`;
  return `${table.visibleRows.length.toLocaleString()} of ${table.rows.length.toLocaleString()} contacts`;
}

/**
 * What Export takes: the selection if there is one, else what the search shows; without either,
 * the whole business (ids are listed only on click: a 100,000-row selection is not copied on every render).
 */
function exportScope(table: ContactsTableState) {
  const searching = table.visibleRows !== table.rows;
  if (table.selected.size > 0) return { ids: () => [...table.selected], text: counted(table.selected.size, 'selected contact') };
  if (searching) return { ids: () => table.visibleRows.map((row) => row.id), text: `${table.visibleRows.length.toLocaleString()} contacts found by the search` };
  return { ids: () => null, text: `All ${table.rows.length.toLocaleString()} contacts` };
}

/** The search box, the count, and what can be done with the selection (or the list). */
export function SelectionBar({ table, exporting, onExport, onAction }: Props) {
  const scope = exportScope(table);
  const nothingSelected = table.selected.size === 0;
  const nothingToExport = table.rows.length === 0 || (nothingSelected && table.visibleRows.length === 0);
  const exportItem = (format: ContactExportFormat, label: string) => ({ key: format, label, onClick: () => onExport(format, scope.ids()) });
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
      <Input.Search
        placeholder="Search contacts"
        allowClear
        value={table.search}
        onChange={(event) => table.setSearch(event.target.value)}
        style={{ maxWidth: 360 }}
        loading={table.isSearching}
        aria-label="Search contacts"
      />
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary" data-testid="selection-count">
          {countText(table)}
        </Typography.Text>
        <Dropdown
          trigger={['click']}
          autoFocus
          disabled={nothingToExport}
          menu={{ items: [{ type: 'group', key: 'scope', label: scope.text, children: [exportItem('csv', 'CSV (.csv)'), exportItem('xlsx', 'Excel (.xlsx)')] }] }}
        >
          <Button icon={<ExportOutlined />} loading={exporting} data-testid="export-button">
            Export
          </Button>
        </Dropdown>
        <Button icon={<CheckCircleOutlined />} disabled={nothingSelected} onClick={() => onAction('checkIn')}>
          Check in
        </Button>
        <Button icon={<TagOutlined />} disabled={nothingSelected} onClick={() => onAction('add')}>
          Add tag
        </Button>
        <Button icon={<TagsOutlined />} disabled={nothingSelected} onClick={() => onAction('remove')}>
          Remove tag
        </Button>
        <Button danger icon={<DeleteOutlined />} disabled={nothingSelected} onClick={() => onAction('delete')}>
          Delete
        </Button>
      </Flex>
    </Flex>
  );
}
