import { useList } from '@refinedev/core';
import { useEffect } from 'react';
import type { Business } from '../resources/businesses';
import { selectedBusinessStore, useSelectedBusiness } from '../providers/selected-business';

/** The signed-in user's businesses; selects the first one when none is selected yet. */
export function useBusinesses() {
  const { result, query } = useList<Business>({ resource: 'businesses', pagination: { mode: 'off' } });
  const selected = useSelectedBusiness();
  const businesses = result.data;

  useEffect(() => {
    if (!query.isSuccess) return;
    if (selected && businesses.some((business) => business.id === selected.id)) return;
    // Nothing selected yet, or a selection left by another account on this browser.
    const first = businesses[0];
    if (first) selectedBusinessStore.set({ id: first.id, name: first.name });
    else if (selected) selectedBusinessStore.clear();
  }, [businesses, selected, query.isSuccess]);

  return { businesses, selected, isLoading: query.isLoading };
}
