import { Button, Checkbox, ConfigProvider, Table, Tag, theme, type GetRef, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { createContext, memo, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { Contact } from '#domain/contacts';
import { businessTime, useBusinessTime, type BusinessTime } from '../../business/business-time';
import { formatBirthDate, formatPhone, genderLabel, orMissing, statusColor, statusLabel } from './contact-display';
import { GRID_COMPONENTS, GridFrame, gridRowId } from './grid-parts';
import { useGridKeyboard } from './useGridKeyboard';

/** One collator for every text column: much faster than localeCompare per comparison. */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
// What a contact lacks ('' or null) sorts first.
const byText = (key: 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'gender' | 'status') => (a: Contact, b: Contact) =>
  collator.compare(a[key] ?? '', b[key] ?? '');
// ISO dates and instants sort correctly as strings; never-visited contacts sort first.
const byIso = (key: 'birthDate' | 'lastVisited') => (a: Contact, b: Contact) =>
  (a[key] ?? '') < (b[key] ?? '') ? -1 : (a[key] ?? '') > (b[key] ?? '') ? 1 : 0;

type Compare = (a: Contact, b: Contact) => number;
type DataColumn = TableColumnsType<Contact>[number] & {
  dataIndex: keyof Contact;
  width: number;
  compare: Compare;
  /** Text that may not fit: cut with '…', the whole of it (as shown) in the cell's tooltip (its title). */
  clip?: (contact: Contact) => string;
};


/**
 * Widths fit the eight columns in the contacts card from a 1280 px window up: the card is 958 px
 * wide there and the columns need 952 (checked in Chromium by accessibility.test.ts). The email
 * column takes what is left; headers and "Not specified" may wrap onto two lines rather than be
 * cut. Narrower, the table keeps these widths and scrolls sideways inside its card.
 */
const EMAIL_MIN_WIDTH = 100;
/**
 * The columns; phone numbers show nationally in the business's country (`region`), else
 * internationally; the last visit by the business's clock (`times`).
 */
const dataColumnsIn = (region: string | null, times: BusinessTime = businessTime(null)): DataColumn[] => [
  { title: 'First name', dataIndex: 'firstName', width: 85, compare: byText('firstName'), render: orMissing, clip: (contact) => orMissing(contact.firstName) },
  { title: 'Last Name', dataIndex: 'lastName', width: 90, compare: byText('lastName'), render: orMissing, clip: (contact) => orMissing(contact.lastName) },
  { title: 'Email', dataIndex: 'email', width: EMAIL_MIN_WIDTH, compare: byText('email'), render: orMissing, clip: (contact) => orMissing(contact.email) },
  {
    title: 'Phone number',
    dataIndex: 'phoneNumber',
    width: 135,
    compare: byText('phoneNumber'),
    render: (phoneNumber: string | null) => formatPhone(phoneNumber, region),
    clip: (contact) => formatPhone(contact.phoneNumber, region),
  },
  { title: 'Gender', dataIndex: 'gender', width: 90, compare: byText('gender'), render: genderLabel },
  { title: 'Birth date', dataIndex: 'birthDate', width: 100, compare: byIso('birthDate'), render: formatBirthDate },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 105,
    compare: byText('status'),
    render: (status: string, contact: Contact) => (
      <>
        <Tag color={statusColor(status)} bordered={false}>
          {statusLabel(status)}
        </Tag>
        <SuppressionMark contact={contact} />
      </>
    ),
  },
  {
    title: times.titled('Last visited'),
    dataIndex: 'lastVisited',
    width: 135,
    compare: byIso('lastVisited'),
    render: (lastVisited: string | null) => (lastVisited ? times.stamp(lastVisited) : ''),
  },
];
const SELECTION_WIDTH = 40;
const OPEN_WIDTH = 72;
const MIN_TABLE_WIDTH = SELECTION_WIDTH + OPEN_WIDTH + dataColumnsIn(null).reduce((sum, column) => sum + column.width, 0);

/** Which contacts' email or phone is suppressed (and why), and how a row opens its drawer. */
type RowActions = { suppressed: ReadonlyMap<number, string>; open(contact: Contact): void };
const RowActionsContext = createContext<RowActions>({ suppressed: new Map(), open: () => {} });

function SuppressionMark({ contact }: { contact: Contact }) {
  const reason = useContext(RowActionsContext).suppressed.get(contact.id);
  return reason ? (
    <Tag color="volcano" bordered={false} title={reason}>
      Suppressed
    </Tag>
  ) : null;
}

function OpenButton({ contact }: { contact: Contact }) {
  const { open } = useContext(RowActionsContext);
  return (
    // Out of the Tab order, as the checkboxes: the grid is one Tab stop, and Enter on a row opens it.
    <Button size="small" tabIndex={-1} onClick={() => open(contact)} aria-label={`Open ${contact.firstName} ${contact.lastName}`.trim()}>
      Open
    </Button>
  );
}

// paddingSM 11 makes antd's fixed virtual row height 11 + 22 (text) + 11 + 1 (border) = 45 px.
const ROW_45PX_THEME = { token: { paddingSM: 11 } };
const ROW_HEIGHT = 45;

type Selection = {
  selected: ReadonlySet<number>;
  allSelected: boolean;
  someSelected: boolean;
  toggleAll(): void;
  toggle(contact: Contact, shiftKey: boolean): void;
};
const SelectionContext = createContext<Selection | null>(null);
const useSelection = () => useContext(SelectionContext)!;

function SelectAllCheckbox() {
  const { allSelected, someSelected, toggleAll } = useSelection();
  // Ctrl+A and Escape do this from the keyboard.
  return <Checkbox tabIndex={-1} aria-label="Select all shown contacts" checked={allSelected} indeterminate={someSelected} onChange={toggleAll} />;
}

function RowCheckbox({ contact }: { contact: Contact }) {
  const { selected, toggle } = useSelection();
  return (
    <Checkbox
      tabIndex={-1}
      aria-label={`Select ${contact.firstName} ${contact.lastName}`.trim()}
      checked={selected.has(contact.id)}
      onClick={(event) => toggle(contact, event.shiftKey)}
    />
  );
}

/**
 * The checkboxes' state and clicks; a shift-click selects (or clears) the range from the last
 * clicked row in the displayed order. Read by the checkboxes through context, so a selection
 * change re-renders only them: the columns and the table element stay the same objects and React
 * skips the 100,000-row table.
 */
function useCheckboxSelection(rows: Contact[], displayed: Contact[], selected: ReadonlySet<number>, onSelectionChange: (keys: ReadonlySet<number>) => void) {
  const lastClicked = useRef<number | null>(null);
  return useMemo<Selection>(() => {
    const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
    return {
      selected,
      allSelected,
      someSelected: !allSelected && rows.some((row) => selected.has(row.id)),
      toggleAll: () => onSelectionChange(allSelected ? new Set() : new Set(rows.map((row) => row.id))),
      toggle: (contact, shiftKey) => {
        const next = new Set(selected);
        const checked = !selected.has(contact.id);
        const from = lastClicked.current === null ? -1 : displayed.findIndex((row) => row.id === lastClicked.current);
        const to = displayed.indexOf(contact);
        if (shiftKey && from >= 0 && to >= 0) {
          for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
            if (checked) next.add(displayed[index]!.id);
            else next.delete(displayed[index]!.id);
          }
        } else if (checked) next.add(contact.id);
        else next.delete(contact.id);
        lastClicked.current = contact.id;
        onSelectionChange(next);
      },
    };
  }, [rows, displayed, selected, onSelectionChange]);
}

type Props = {
  rows: Contact[];
  height: number;
  /** The card's inner width: the email column grows into what the others leave. */
  width: number;
  selected: ReadonlySet<number>;
  onSelectionChange(keys: ReadonlySet<number>): void;
  /** Contact id -> why their email or phone is suppressed. */
  suppressed: ReadonlyMap<number, string>;
  /** Opens the contact's drawer (the row's button, or Enter on the cursor row). */
  onOpen(contact: Contact): void;
  /** Delete pressed in the grid with a selection. */
  onDelete(): void;
  /** The business's phone number country. */
  region: string | null;
};

/**
 * The virtual contacts table: every row of the search at once, no pagination. The checkbox column
 * is our own rather than antd's rowSelection, whose bookkeeping walks all 100,000 rows on every
 * click: here select-all builds one Set and only the rows on screen re-render.
 */
export const ContactsTable = memo(function ContactsTable({ rows, height, width, selected, onSelectionChange, suppressed, onOpen, onDelete, region }: Props) {
  const times = useBusinessTime();
  const dataColumns = useMemo(() => dataColumnsIn(region, times), [region, times]);
  const rowActions = useMemo<RowActions>(() => ({ suppressed, open: onOpen }), [suppressed, onOpen]);
  const tableWidth = Math.max(MIN_TABLE_WIDTH, Math.floor(width));
  // Sorting is ours too, so the displayed order is known for shift-click ranges.
  const [sort, setSort] = useState<{ column: keyof Contact; order: SortOrder } | null>(null);
  const displayed = useMemo(() => {
    const column = sort?.order && dataColumns.find((candidate) => candidate.dataIndex === sort.column);
    if (!column) return rows;
    const sorted = [...rows].sort(column.compare);
    return sort.order === 'descend' ? sorted.reverse() : sorted;
  }, [rows, sort, dataColumns]);
  const selection = useCheckboxSelection(rows, displayed, selected, onSelectionChange);

  const tableRef = useRef<GetRef<typeof Table<Contact>>>(null);
  // rc-virtual-list takes `align`; 'auto' scrolls only as far as needed to show the row.
  const scrollTo = useCallback((index: number) => tableRef.current?.scrollTo({ index, align: 'auto' } as { index: number }), []);
  const grid = useGridKeyboard({
    rows: displayed,
    selected,
    onSelectionChange,
    onOpen,
    onDelete,
    pageSize: Math.max(1, Math.floor(height / ROW_HEIGHT)),
    scrollTo,
  });
  // Read by the rows' click handler, so a new handler does not rebuild the 100,000-row table.
  const placeCursorRef = useRef(grid.placeCursor);
  placeCursorRef.current = grid.placeCursor;
  const { token } = theme.useToken();

  const columns = useMemo<TableColumnsType<Contact>>(
    () => [
      {
        key: 'selection',
        width: SELECTION_WIDTH,
        fixed: 'left',
        title: <SelectAllCheckbox />,
        render: (_: unknown, contact: Contact) => <RowCheckbox contact={contact} />,
      },
      ...dataColumns.map(({ compare: _compare, clip, dataIndex, ...column }) => ({
        ...column,
        dataIndex,
        onCell: clip ? (contact: Contact) => ({ className: 'contacts-cell-clip', title: clip(contact) || undefined }) : undefined,
        width: dataIndex === 'email' ? column.width + tableWidth - MIN_TABLE_WIDTH : column.width,
        key: dataIndex,
        sorter: true,
        sortOrder: sort?.column === dataIndex ? sort.order : null,
      })),
      {
        key: 'open',
        width: OPEN_WIDTH,
        fixed: 'right',
        title: 'Open',
        render: (_: unknown, contact: Contact) => <OpenButton contact={contact} />,
      },
    ],
    [sort, tableWidth, dataColumns],
  );

  const table = useMemo(
    () => (
      <ConfigProvider theme={ROW_45PX_THEME}>
        <Table<Contact>
          ref={tableRef}
          virtual
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={displayed}
          pagination={false}
          scroll={{ x: tableWidth, y: height }}
          showSorterTooltip={false}
          onChange={(_pagination, _filters, sorter) => {
            const { columnKey, order } = Array.isArray(sorter) ? sorter[0]! : sorter;
            setSort(order ? { column: columnKey as keyof Contact, order } : null);
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
    ),
    [columns, displayed, height, tableWidth],
  );

  return (
    <RowActionsContext.Provider value={rowActions}>
      <SelectionContext.Provider value={selection}>
        <GridFrame cursorId={grid.cursorId} selected={selected} rowCount={displayed.length} cursorColor={token.colorPrimary} {...grid.gridProps}>
          {table}
        </GridFrame>
      </SelectionContext.Provider>
    </RowActionsContext.Provider>
  );
});
