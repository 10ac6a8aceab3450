import { useList } from '@refinedev/core';
import { useEffect } from 'react';
import type { Business } from '../resources/businesses';
import { selectedBusinessStore, useSelectedBusiness } from '../providers/selected-business';

/**
 * The signed-in user's businesses. Each time the list arrives, a missing or foreign selection is
 * replaced by the first business. It reacts to new data only, not to the selection changing, so a
 * sign-out's cleared selection stays cleared and a just-created business is not undone by a stale list.
 */
export function useBusinesses() {
  const { result, query } = useList<Business>({ resource: 'businesses', pagination: { mode: 'off' } });
  const selected = useSelectedBusiness();
  const loaded = query.data?.data;

  useEffect(() => {
    if (!loaded) return;
    const current = selectedBusinessStore.get();
    if (current && loaded.some((business) => business.id === current.id)) return;
    const first = loaded[0];
    if (first) selectedBusinessStore.set({ id: first.id, name: first.name });
    else if (current) selectedBusinessStore.clear();
  }, [loaded]);

  return { businesses: result.data, selected, isLoading: query.isLoading };
}
