import { useList } from '@refinedev/core';
import { useCallback, useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import type { Contact } from '../../domain/contacts';
import { searchText } from './contact-display';

export type ContactRow = Contact & { searchText: string };

/**
 * The contacts of the selected business with the table's state: the search, and the selection
 * kept as a Set so that a click on one of 100,000 rows does not copy or scan arrays.
 */
export function useContactsTable(businessId: number) {
  const { result, query } = useList<Contact>({
    resource: 'contacts',
    meta: { businessId },
    pagination: { mode: 'off' },
    queryOptions: { staleTime: 0 },
  });
  const contacts = query.data?.data;
  const rows = useMemo<ContactRow[]>(
    () => (contacts ?? []).map((contact) => ({ ...contact, searchText: searchText(contact) })),
    [contacts],
  );

  const [search, setSearch] = useState('');
  // Typing stays responsive: filtering 100,000 rows runs at a lower priority than the keystroke.
  const deferredSearch = useDeferredValue(search);
  const visibleRows = useMemo(() => {
    const needle = deferredSearch.trim().toLowerCase();
    return needle ? rows.filter((row) => row.searchText.includes(needle)) : rows;
  }, [rows, deferredSearch]);

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const selectVisible = useCallback(() => setSelected(new Set(visibleRows.map((row) => row.id))), [visibleRows]);
  const clearSelection = useCallback(() => setSelected(new Set()), []);

  /** Ctrl/Cmd+A selects what the search shows, Escape clears, Delete asks to delete. */
  const keyboardHandler = useCallback(
    (onDelete: () => void) => (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        selectVisible();
      } else if (event.key === 'Escape') {
        clearSelection();
      } else if (event.key === 'Delete' && selected.size > 0) {
        event.preventDefault();
        onDelete();
      }
    },
    [selectVisible, clearSelection, selected.size],
  );

  return {
    rows,
    visibleRows,
    total: result.total ?? rows.length,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    search,
    setSearch,
    isSearching: search !== deferredSearch,
    selected,
    setSelected,
    selectVisible,
    clearSelection,
    keyboardHandler,
  };
}
