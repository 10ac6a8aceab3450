import { useRef, type KeyboardEvent } from 'react';
import { useGridCursor } from './useGridCursor';
import { useKeyboardFocus } from './useKeyboardFocus';

type Row = { id: number };

type Options<T extends Row> = {
  /** The rows in the order shown (search and sort applied). */
  rows: readonly T[];
  selected: ReadonlySet<number>;
  onSelectionChange(keys: ReadonlySet<number>): void;
  /** Enter on the cursor row. */
  onOpen(row: T): void;
  /** Delete with a selection. */
  onDelete?(): void;
  /** How far PageUp and PageDown move: the rows one screen of the table shows. */
  pageSize: number;
  /** Brings the row at this index into view (the list is virtual: only rows in view exist). */
  scrollTo(index: number): void;
};

/** A range being extended with Shift: where it started and what was selected before it. */
type Anchor = { id: number; before: ReadonlySet<number> };

/**
 * The contacts grid's keys: a row cursor moved by Up, Down, PageUp, PageDown, Home and End;
 * Shift with them selects from an anchor (the row where the cursor last moved without Shift, or
 * was toggled) to the cursor, on top of what was selected before; Space toggles the cursor row,
 * Enter opens it, Ctrl/Cmd+A selects every row shown, Escape clears, Delete asks to delete. The
 * cursor is a contact id, so it stays on its contact when a search or sort moves the rows.
 */
export function useGridKeyboard<T extends Row>({ rows, selected, onSelectionChange, onOpen, onDelete, pageSize, scrollTo }: Options<T>) {
  const { shownId, placeAt, cursorIndex, moveTo } = useGridCursor(rows, scrollTo);
  const anchor = useRef<Anchor | null>(null);

  /** Puts the cursor on a clicked row, which is where the next Shift range starts. */
  const placeCursor = (row: T) => {
    placeAt(rows.indexOf(row), row.id);
    anchor.current = { id: row.id, before: selected };
  };

  const extendTo = (index: number) => {
    const from = anchor.current ?? { id: rows[cursorIndex()]?.id ?? rows[0]!.id, before: selected };
    anchor.current = from;
    const to = moveTo(index);
    const start = rows.findIndex((row) => row.id === from.id);
    if (!to || start < 0) return;
    const end = cursorIndex();
    const next = new Set(from.before);
    for (let i = Math.min(start, end); i <= Math.max(start, end); i++) next.add(rows[i]!.id);
    onSelectionChange(next);
  };

  const move = (index: number, shiftKey: boolean) => {
    if (shiftKey) return extendTo(index);
    const row = moveTo(index);
    if (row) anchor.current = { id: row.id, before: selected };
  };

  const toggleCursorRow = () => {
    const row = rows[cursorIndex()];
    if (!row) return;
    const next = new Set(selected);
    if (next.has(row.id)) next.delete(row.id);
    else next.add(row.id);
    anchor.current = { id: row.id, before: next };
    onSelectionChange(next);
  };

  /** Keys on the grid itself; on a control inside it (a checkbox, the Open button) only the selection keys. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const onGrid = event.target === event.currentTarget;
    const current = cursorIndex();
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: pageSize, PageUp: -pageSize };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      onSelectionChange(new Set(rows.map((row) => row.id)));
    } else if (event.key === 'Escape') {
      anchor.current = null;
      onSelectionChange(new Set());
      return;
    } else if (event.key === 'Delete' && selected.size > 0 && onDelete) {
      onDelete();
    } else if (!onGrid || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    } else if (event.key in steps) {
      move(current < 0 ? 0 : current + steps[event.key]!, event.shiftKey);
    } else if (event.key === 'Home' || event.key === 'End') {
      move(event.key === 'Home' ? 0 : rows.length - 1, event.shiftKey);
    } else if (event.key === ' ') {
      toggleCursorRow();
    } else if (event.key === 'Enter' && rows[current]) {
      onOpen(rows[current]);
    } else {
      return;
    }
    // The page must not scroll (Space, arrows, PageDown) or select its text (Ctrl+A).
    event.preventDefault();
  };

  /** Tabbing to the grid shows a cursor: the one it had if its row is still shown, else the first row. */
  const focusHandlers = useKeyboardFocus(() => {
    if (cursorIndex() < 0) move(0, false);
  });

  return { cursorId: shownId, gridProps: { onKeyDown, ...focusHandlers }, placeCursor };
}
