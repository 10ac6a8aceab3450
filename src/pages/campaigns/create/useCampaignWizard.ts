import { useList, useOne, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import type { Campaign } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import type { ContactFilter } from '#domain/filters';
import type { SelectedBusiness } from '../../../business/selected-business';
import type { Business } from '../../../resources/businesses';
import { useResourceAction, useResourceQuery } from '../../../resources/useResourceAction';

export const WIZARD_STEPS = ['Campaign type', 'Campaign name', 'Campaign setup'] as const;

/**
 * The wizard's data and step rules: Previous is disabled on step 1, Next needs a type (step 1)
 * and a name (step 2), which the server checks is free before step 3. In edit mode the campaign
 * being edited fills every step.
 */
export function useCampaignWizard(business: SelectedBusiness, editId: number | null) {
  const edited = useOne<Campaign>({
    resource: 'campaigns',
    id: editId ?? undefined,
    queryOptions: { enabled: editId !== null },
    // The page says what went wrong instead.
    errorNotification: false,
  });
  // Only a campaign of the selected business is edited here.
  const editing = edited.result?.businessId === business.id ? edited.result : null;
  const filters = useList<ContactFilter>({ resource: 'contactFilters', pagination: { mode: 'off' } });
  const businesses = useList<Business>({ resource: 'businesses', pagination: { mode: 'off' } });
  const senders = useResourceQuery('campaigns', 'senders');

  const [step, setStep] = useState(0);
  const [type, setType] = useState<CampaignType | null>(null);
  const [name, setName] = useState('');
  // Why step 2's name cannot be used (taken, too long...), shown under the field until it changes.
  const [nameError, setNameError] = useState<string | null>(null);
  const { mutateAsync: checkName, mutation: nameCheck } = useResourceAction('campaigns', 'checkName');
  const [prefilledFrom, setPrefilledFrom] = useState<number | null>(null);
  // Fill steps 1 and 2 once the campaign being edited has loaded.
  if (editing && prefilledFrom !== editing.id) {
    setPrefilledFrom(editing.id);
    setType(editing.type);
    setName(editing.name);
  }

  const canGoNext = step === 0 ? type !== null : step === 1 ? name.trim().length > 0 : false;
  const fullBusiness = businesses.query.data?.data.find((candidate) => candidate.id === business.id);

  const advance = () => setStep((current) => Math.min(current + 1, WIZARD_STEPS.length - 1));
  const next = async () => {
    if (!canGoNext) return;
    if (step !== 1) return advance();
    try {
      const { data } = await checkName({
        values: { businessId: business.id, name: name.trim(), ...(editing ? { exceptId: editing.id } : {}) },
        successNotification: false,
        errorNotification: false,
      });
      if (data.taken) setNameError(data.message);
      else advance();
    } catch (error) {
      const { message, errors } = error as HttpError;
      setNameError((errors?.name as string | undefined) ?? message);
    }
  };

  return {
    step,
    next,
    checkingName: nameCheck.isPending,
    nameError,
    previous: () => setStep((current) => Math.max(current - 1, 0)),
    canGoNext,
    canGoBack: step > 0,
    type,
    setType,
    name,
    setName: (value: string) => {
      setName(value);
      setNameError(null);
    },
    editing,
    ...editLoadState(edited.query, editing),
    filters: filters.query.data?.data ?? [],
    filtersLoading: filters.query.isLoading,
    refetchFilters: filters.query.refetch,
    /** False once the business is known to have no review site: a review request could not be sent. */
    hasReviewSites: fullBusiness ? fullBusiness.reviewSites.length > 0 : true,
    // The preview shows a sample tracked link; without a review site there is none.
    businessReviewLink: fullBusiness?.reviewSites.length ? (senders.data?.data.sampleReviewLink ?? null) : null,
    senders: senders.data?.data ?? null,
  };
}

/** A campaign that is not there (or not this business's) cannot be edited; any other failure can be retried. */
function editLoadState(query: ReturnType<typeof useOne<Campaign>>['query'], editing: Campaign | null) {
  const refused = query.isError && query.error.statusCode >= 400 && query.error.statusCode < 500;
  return {
    editNotFound: (query.isSuccess && !editing) || refused,
    editLoadError: query.isError && !refused ? { error: query.error, retry: () => void query.refetch() } : null,
  };
}
