import type { TableProps } from 'antd';
import { createContext, forwardRef, useContext, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

/**
 * The parts that make antd's virtual table an ARIA grid: its rows say whether they are selected
 * and which one has the cursor (read from context, so a key press re-renders only the rows on
 * screen, never the 100,000-row table), its cells are grid cells, and its header (a table of its
 * own) is the grid's first row rather than a table inside the grid.
 */

/** The contact id of the cursor row, or null before the grid had focus. */
export const CursorContext = createContext<number | null>(null);
/** The selected contact ids. */
export const SelectedRowsContext = createContext<ReadonlySet<number>>(new Set());

/** The DOM id of a contact's row: the grid's aria-activedescendant. */
export const gridRowId = (contactId: number) => `contact-row-${contactId}`;

type RowProps = HTMLAttributes<HTMLDivElement> & { 'data-row-key'?: number | string };

const GridRow = forwardRef<HTMLDivElement, RowProps>(function GridRow({ className, ...props }, ref) {
  const id = Number(props['data-row-key']);
  const selected = useContext(SelectedRowsContext).has(id);
  const cursor = useContext(CursorContext) === id;
  // antd's own class for a selected row gives it the theme's selected background.
  const classes = [className, selected && 'ant-table-row-selected', cursor && 'contacts-row-cursor'].filter(Boolean).join(' ');
  return <div ref={ref} role="row" aria-selected={selected} className={classes} {...props} />;
});

const GridCell = (props: HTMLAttributes<HTMLDivElement>) => <div role="gridcell" {...props} />;

const HeaderTable = forwardRef<HTMLTableElement, HTMLAttributes<HTMLTableElement>>(function HeaderTable(props, ref) {
  return <table ref={ref} role="presentation" {...props} />;
});
const HeaderGroup = (props: HTMLAttributes<HTMLTableSectionElement>) => <thead role="rowgroup" {...props} />;
const HeaderRow = (props: HTMLAttributes<HTMLTableRowElement>) => <tr role="row" aria-rowindex={1} {...props} />;
const HeaderCell = (props: HTMLAttributes<HTMLTableCellElement>) => <th role="columnheader" {...props} />;

export const GRID_COMPONENTS: TableProps['components'] = {
  header: { table: HeaderTable, wrapper: HeaderGroup, row: HeaderRow, cell: HeaderCell },
  body: { row: GridRow, cell: GridCell },
};

const GRID_KEYS_HELP =
  'Arrow keys, Page Up, Page Down, Home and End move between contacts; Shift with them selects a range. Space selects the contact, Enter opens it, Control+A selects all shown, Escape clears the selection, Delete deletes it.';

type FrameProps = HTMLAttributes<HTMLDivElement> & {
  cursorId: number | null;
  selected: ReadonlySet<number>;
  /** Rows below the header. */
  rowCount: number;
  /** The cursor ring's colour (a theme token). */
  cursorColor: string;
  children: ReactNode;
};

/**
 * The grid element around the table: one Tab stop whose active descendant is the cursor row, so
 * focus stays here whichever rows the virtual list has drawn. Its keys are described to screen
 * readers (the text sits beside the grid, which may hold only rows).
 */
export function GridFrame({ cursorId, selected, rowCount, cursorColor, children, ...handlers }: FrameProps) {
  return (
    <SelectedRowsContext.Provider value={selected}>
      <CursorContext.Provider value={cursorId}>
        <span id="contacts-grid-keys" className="visually-hidden">
          {GRID_KEYS_HELP}
        </span>
        <div
          role="grid"
          tabIndex={0}
          aria-label="Contacts"
          aria-rowcount={rowCount + 1}
          aria-multiselectable
          aria-activedescendant={cursorId === null ? undefined : gridRowId(cursorId)}
          aria-describedby="contacts-grid-keys"
          className="contacts-grid"
          style={{ '--contacts-cursor-color': cursorColor } as CSSProperties}
          data-testid="contacts-grid"
          {...handlers}
        >
          {children}
        </div>
      </CursorContext.Provider>
    </SelectedRowsContext.Provider>
  );
}
