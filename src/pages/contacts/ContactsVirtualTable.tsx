import { ConfigProvider, Table, type GetRef, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { memo, type RefObject } from 'react';
import type { Contact } from '#domain/contacts';
import { GRID_COMPONENTS, gridRowId } from './grid-parts';

// paddingSM 11 makes antd's fixed virtual row height 11 + 22 (text) + 11 + 1 (border) = 45 px.
const ROW_45PX_THEME = { token: { paddingSM: 11 } };
export const ROW_HEIGHT = 45;

/** The column the rows are sorted by, and which way. */
export type ContactsSort = { column: keyof Contact; order: SortOrder };
export type ContactsTableRef = GetRef<typeof Table<Contact>>;

type Props = {
  tableRef: RefObject<ContactsTableRef | null>;
  columns: TableColumnsType<Contact>;
  /** In the order shown. */
  rows: Contact[];
  height: number;
  width: number;
  onSort(sort: ContactsSort | null): void;
  /** Puts the grid's cursor on a clicked row; read at the click, so a new handler does not rebuild the table. */
  placeCursorRef: RefObject<(contact: Contact) => void>;
};

/**
 * antd's virtual table of the contacts. Memoised, and every prop stays the same object while only
 * the selection or the cursor changes, so React skips the 100,000-row table then.
 */
export const ContactsVirtualTable = memo(function ContactsVirtualTable({ tableRef, columns, rows, height, width, onSort, placeCursorRef }: Props) {
  return (
    <ConfigProvider theme={ROW_45PX_THEME}>
      <Table<Contact>
        ref={tableRef}
        virtual
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: width, y: height }}
        showSorterTooltip={false}
        onChange={(_pagination, _filters, sorter) => {
          const { columnKey, order } = Array.isArray(sorter) ? sorter[0]! : sorter;
          onSort(order ? { column: columnKey as keyof Contact, order } : null);
        }}
        components={GRID_COMPONENTS}
        // The header is row 1 of the grid; a click on a row (its checkbox too) puts the cursor
        // there and focus on the grid, so the keys go on from that row.
        onRow={(contact, index) => ({
          id: gridRowId(contact.id),
          'aria-rowindex': (index ?? 0) + 2,
          onClick: (event) => {
            placeCursorRef.current(contact);
            (event.currentTarget as HTMLElement).closest<HTMLElement>('[role="grid"]')?.focus({ preventScroll: true });
          },
        })}
        data-testid="contacts-table"
        className="contacts-table"
      />
    </ConfigProvider>
  );
});
