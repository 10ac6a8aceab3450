import { keys } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { resources } from '../resources';
import { selectedBusinessStore } from './selected-business';

const businessScoped = resources.filter((resource) => resource.meta.requiresBusiness).map((resource) => resource.name);

/**
 * The data provider reads the selected business when it fetches, so the cached lists of
 * business-scoped resources belong to the business they were fetched for. When the selection
 * changes (a switch, another tab, sign-out), they are reset: nothing of the previous business shows.
 */
export function BusinessScopedData({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let current = selectedBusinessStore.get()?.id;
    return selectedBusinessStore.subscribe(() => {
      const next = selectedBusinessStore.get()?.id;
      if (next === current) return;
      current = next;
      for (const name of businessScoped) void queryClient.resetQueries({ queryKey: keys().data().resource(name).get() });
    });
  }, [queryClient]);
  return children;
}
