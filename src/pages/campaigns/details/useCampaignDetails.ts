import { useState } from 'react';
import { useParams } from 'react-router';
import type { DeliveryState } from '#domain/delivery';
import { useResourceQuery } from '../../../resources/useResourceAction';

export const PAGE_SIZE = 100;
const REFRESH_MS = 5000;

/** The campaign of the address's id with one page of its recipients, all or those in one delivery state. */
export function useCampaignDetails() {
  const id = Number(useParams().id);
  const [state, setState] = useState<DeliveryState | undefined>();
  const [page, setPage] = useState(1);
  const query = useResourceQuery('campaigns', 'details', {
    id,
    query: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(state ? { state } : {}) },
    // A running campaign's numbers move: keep them current while the page is open.
    queryOptions: { refetchInterval: REFRESH_MS, placeholderData: (previous) => previous },
  });
  return {
    query,
    state,
    page,
    setPage,
    /** Another state (undefined: all) lists its recipients from the first page. */
    showState: (value: DeliveryState | undefined) => {
      setState(value);
      setPage(1);
    },
  };
}
