import { Button, Checkbox, Tag, theme, type TableColumnsType } from 'antd';
import { createContext, memo, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { Contact } from '#domain/contacts';
import { businessTime, useBusinessTime, type BusinessTime } from '../../business/business-time';
import { formatBirthDate, formatPhone, genderLabel, orMissing, statusColor, statusLabel } from './contact-display';
import { ContactsVirtualTable, ROW_HEIGHT, type ContactsSort, type ContactsTableRef } from './ContactsVirtualTable';
import { GridFrame } from './grid-parts';
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

/** The rows in the order of the sorted column; sorting is ours, so the displayed order is known for shift-click ranges. */
function useSortedRows(rows: Contact[], dataColumns: DataColumn[]) {
  const [sort, setSort] = useState<ContactsSort | null>(null);
  const displayed = useMemo(() => {
    const column = sort?.order && dataColumns.find((candidate) => candidate.dataIndex === sort.column);
    if (!column) return rows;
    const sorted = [...rows].sort(column.compare);
    return sort.order === 'descend' ? sorted.reverse() : sorted;
  }, [rows, sort, dataColumns]);
  return { sort, setSort, displayed };
}

/** The checkbox, data and Open columns; memoised, so a click (a selection, the cursor) does not rebuild the table. */
function useTableColumns(dataColumns: DataColumn[], sort: ContactsSort | null, tableWidth: number) {
  return useMemo<TableColumnsType<Contact>>(
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
}

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
  const { sort, setSort, displayed } = useSortedRows(rows, dataColumns);
  const selection = useCheckboxSelection(rows, displayed, selected, onSelectionChange);

  const tableRef = useRef<ContactsTableRef>(null);
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
  const columns = useTableColumns(dataColumns, sort, tableWidth);

  return (
    <RowActionsContext.Provider value={rowActions}>
      <SelectionContext.Provider value={selection}>
        <GridFrame cursorId={grid.cursorId} selected={selected} rowCount={displayed.length} cursorColor={token.colorPrimary} {...grid.gridProps}>
          <ContactsVirtualTable
            tableRef={tableRef}
            columns={columns}
            rows={displayed}
            height={height}
            width={tableWidth}
            onSort={setSort}
            placeCursorRef={placeCursorRef}
          />
        </GridFrame>
      </SelectionContext.Provider>
    </RowActionsContext.Provider>
  );
});
