import { useList } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import type { Campaign } from '#domain/campaign-schemas';
import { limits } from '#domain/messages';

/**
 * The business's campaigns, refreshed as the spec says: every 5 s the syncing flag is set, the
 * list is refetched 3 s later, then the flag clears. The cycle stops when the page is left.
 */
export function useCampaignsOverview() {
  const { query } = useList<Campaign>({ resource: 'campaigns', pagination: { mode: 'off' } });
  const [syncing, setSyncing] = useState(false);
  const [lastRefresh, setLastRefresh] = useState<Date | null>(null);
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;

  useEffect(() => {
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const cycle = setInterval(() => {
      setSyncing(true);
      refetchTimer = setTimeout(async () => {
        await refetch.current();
        if (stopped) return;
        setSyncing(false);
        setLastRefresh(new Date());
      }, limits.campaignRefetchDelayMs);
    }, limits.campaignRefreshMs);
    return () => {
      stopped = true;
      clearInterval(cycle);
      clearTimeout(refetchTimer);
    };
  }, []);

  return {
    campaigns: query.data?.data ?? [],
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    syncing,
    // The first load counts as a sync: 'Not synced yet' only until the list has arrived once.
    lastSynced: lastRefresh ?? (query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null),
  };
}
