import type { ContactFilter, ContactFilterCount } from '#domain/filters';
import { counted } from '#domain/words';
import { useResourceQuery } from '../../resources/useResourceAction';

/** Contacts come and go while the screen is open: the counts follow. */
const COUNTS_REFRESH_MS = 15_000;

/** Each filter's contacts now and the campaigns using it, read beside Refine's list of the filters. */
export function useFilterCounts() {
  const counts = useResourceQuery('contactFilters', 'counts', { queryOptions: { refetchInterval: COUNTS_REFRESH_MS } });
  const countOf = new Map<number, ContactFilterCount>((counts.data?.data ?? []).map((count) => [count.id, count]));
  const contactsNow = (filter: ContactFilter) => {
    const count = countOf.get(filter.id);
    return count ? counted(count.count, 'contact') : counts.isError ? 'Not counted' : 'Counting…';
  };
  // Refine's create, update and delete already invalidate the list; the counts are ours to refresh.
  const refresh = () => void counts.refetch();
  return { countOf, contactsNow, refresh };
}

export type FilterCounts = ReturnType<typeof useFilterCounts>;
