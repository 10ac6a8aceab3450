import { useCallback, useRef, useState } from 'react';

/**
 * The contacts grid's cursor row: a contact id, so it stays on its contact when a search or sort
 * moves the rows. `moveTo` puts it on a row by index and brings that row into view.
 */
export function useGridCursor<T extends { id: number }>(rows: readonly T[], scrollTo: (index: number) => void) {
  const [cursorId, setCursorId] = useState<number | null>(null);
  // The cursor as of now, for handlers that run before the next render (a click that focuses the grid).
  const cursor = useRef<number | null>(null);
  const lastIndex = useRef(0);
  const placeAt = (index: number, id: number) => {
    lastIndex.current = index;
    cursor.current = id;
    setCursorId(id);
  };

  /** The cursor row's index: where it was, if the rows did not move, else looked up. */
  const cursorIndex = useCallback(() => {
    const id = cursor.current;
    if (id === null) return -1;
    if (rows[lastIndex.current]?.id === id) return lastIndex.current;
    return rows.findIndex((row) => row.id === id);
  }, [rows]);

  const moveTo = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(rows.length - 1, index));
      const row = rows[target];
      if (!row) return;
      placeAt(target, row.id);
      scrollTo(target);
      return row;
    },
    [rows, scrollTo],
  );

  // While its row is shown (a search may hide it).
  const shownId = cursorId !== null && cursorIndex() >= 0 ? cursorId : null;
  return { shownId, placeAt, cursorIndex, moveTo };
}
