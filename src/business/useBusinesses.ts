import { useList } from '@refinedev/core';
import { useEffect } from 'react';
import type { Business } from '../resources/businesses';
import { selectedBusinessStore, useSelectedBusiness } from './selected-business';

/**
 * The signed-in user's businesses and the selection. `pending` is true while a selection is still
 * to come (the list is loading, or has arrived and the first business is about to be selected):
 * screens wait rather than say there is no business.
 */
export function useBusinesses() {
  const { result, query } = useList<Business>({ resource: 'businesses', pagination: { mode: 'off' } });
  const selected = useSelectedBusiness();
  const businesses = result.data;
  const pending = !selected && (query.isLoading || businesses.length > 0);
  return { businesses, selected, isLoading: query.isLoading, pending, loaded: query.data?.data };
}

/**
 * Each time the list arrives, a missing or foreign selection is replaced by the first business.
 * Used once, by the signed-in layout, so it happens on every screen size (not only where the
 * switcher is mounted). It reacts to new data only, not to the selection changing, so a sign-out's
 * cleared selection stays cleared and a just-created business is not undone by a stale list.
 */
export function useSelectFirstBusiness() {
  const { loaded } = useBusinesses();
  useEffect(() => {
    if (!loaded) return;
    const current = selectedBusinessStore.get();
    if (current && loaded.some((business) => business.id === current.id)) return;
    const first = loaded[0];
    if (first) selectedBusinessStore.set({ id: first.id, name: first.name });
    else if (current) selectedBusinessStore.clear();
  }, [loaded]);
}

/**
 * The selected business's phone number country (ISO region), once the list has loaded: numbers
 * of it are shown and typed nationally. Null when there is none.
 */
export function useBusinessRegion(): string | null {
  const { businesses, selected } = useBusinesses();
  return businesses.find((business) => business.id === selected?.id)?.region ?? null;
}
