import { useList } from '@refinedev/core';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Contact } from '#domain/contacts';
import { prebuiltSearchTexts, useFirstPage } from '../../providers/streamed-list';
import { searchMatcher, searchText } from './contact-display';

const NO_CONTACTS: Contact[] = [];

/**
 * The search texts of the rows: built by the worker that read the list, else (after a delta)
 * built here once the rows have painted, so a 100,000-row list shows at once.
 */
function useSearchIndex(contacts: Contact[]) {
  const [index, setIndex] = useState<{ of: Contact[]; texts: string[] } | null>(null);
  useEffect(() => {
    if (prebuiltSearchTexts(contacts)) return;
    const timer = setTimeout(() => setIndex({ of: contacts, texts: contacts.map(searchText) }), 0);
    return () => clearTimeout(timer);
  }, [contacts]);
  // Until it is ready (or while it is rebuilt after a refetch), build it on demand.
  return useCallback(
    () => prebuiltSearchTexts(contacts) ?? (index?.of === contacts ? index.texts : contacts.map(searchText)),
    [index, contacts],
  );
}

/**
 * The contacts of the selected business with the table's state: the search, and the selection
 * kept as a Set so that a click on one of 100,000 rows does not copy or scan arrays.
 */
export function useContactsTable() {
  const { query } = useList<Contact>({
    resource: 'contacts',
    pagination: { mode: 'off' },
    // Coming back to the window asks for what changed meanwhile: a delta, or 304 when nothing did.
    queryOptions: { staleTime: 0, refetchOnWindowFocus: true },
  });
  // While a first read of the whole list is under way, its first page shows (src/providers/streamed-list.ts).
  const firstPage = useFirstPage<Contact>('contacts');
  const arriving = query.isLoading && firstPage !== null;
  const rows = query.data?.data ?? (arriving ? firstPage : NO_CONTACTS);
  const searchTexts = useSearchIndex(rows);

  const [search, setSearch] = useState('');
  // Typing stays responsive: filtering 100,000 rows runs at a lower priority than the keystroke.
  const deferredSearch = useDeferredValue(search);
  const visibleRows = useMemo(() => {
    if (!deferredSearch.trim()) return rows;
    const matches = searchMatcher(deferredSearch);
    const texts = searchTexts();
    return rows.filter((_, index) => matches(texts[index]!));
  }, [rows, deferredSearch, searchTexts]);

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  /** How many selected contacts the search hides (they stay selected; a bulk action includes them). */
  const selectedHiddenBySearch = useCallback(() => {
    if (visibleRows === rows) return 0;
    let shown = 0;
    for (const row of visibleRows) if (selected.has(row.id)) shown += 1;
    return selected.size - shown;
  }, [visibleRows, rows, selected]);

  return {
    rows,
    visibleRows,
    isLoading: query.isLoading && !arriving,
    /** Only the first page is there: the rest is still being read. */
    isArriving: arriving,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    search,
    setSearch,
    isSearching: search !== deferredSearch,
    selected,
    setSelected,
    clearSelection,
    selectedHiddenBySearch,
  };
}

export type ContactsTableState = ReturnType<typeof useContactsTable>;
