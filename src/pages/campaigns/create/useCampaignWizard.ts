import { useCustom, useList } from '@refinedev/core';
import { useMemo, useState } from 'react';
import type { Campaign, CampaignSenders, CampaignType } from '../../../domain/campaigns';
import type { Contact } from '../../../domain/contacts';
import type { ContactFilter } from '../../../domain/filters';
import type { SelectedBusiness } from '../../../providers/selected-business';
import type { Business } from '../../../resources/businesses';

export const WIZARD_STEPS = ['Campaign type', 'Campaign name', 'Campaign setup'] as const;

/**
 * The wizard's data and step rules: Previous is disabled on step 1, Next needs a type (step 1)
 * and a name (step 2). In edit mode the campaign being edited fills every step.
 */
export function useCampaignWizard(business: SelectedBusiness, editId: number | null) {
  const campaigns = useList<Campaign>({ resource: 'campaigns', meta: { businessId: business.id }, pagination: { mode: 'off' } });
  const editing = useMemo(
    () => (editId === null ? null : (campaigns.query.data?.data.find((campaign) => campaign.id === editId) ?? null)),
    [campaigns.query.data, editId],
  );
  const filters = useList<ContactFilter>({ resource: 'contactFilters', meta: { businessId: business.id }, pagination: { mode: 'off' } });
  const contacts = useList<Contact>({ resource: 'contacts', meta: { businessId: business.id }, pagination: { mode: 'off' } });
  const businesses = useList<Business>({ resource: 'businesses', pagination: { mode: 'off' } });
  const senders = useCustom<CampaignSenders>({ url: '', method: 'get', meta: { resource: 'campaigns', action: 'senders' } });

  const [step, setStep] = useState(0);
  const [type, setType] = useState<CampaignType | null>(null);
  const [name, setName] = useState('');
  const [prefilledFrom, setPrefilledFrom] = useState<number | null>(null);
  // Fill steps 1 and 2 once the campaign being edited has loaded.
  if (editing && prefilledFrom !== editing.id) {
    setPrefilledFrom(editing.id);
    setType(editing.type);
    setName(editing.name);
  }

  const canGoNext = step === 0 ? type !== null : step === 1 ? name.trim().length > 0 : false;
  const fullBusiness = businesses.query.data?.data.find((candidate) => candidate.id === business.id);

  return {
    step,
    next: () => canGoNext && setStep((current) => Math.min(current + 1, WIZARD_STEPS.length - 1)),
    previous: () => setStep((current) => Math.max(current - 1, 0)),
    canGoNext,
    canGoBack: step > 0,
    type,
    setType,
    name,
    setName,
    editing,
    editNotFound: editId !== null && campaigns.query.isSuccess && !editing,
    filters: filters.query.data?.data ?? [],
    filtersLoading: filters.query.isLoading,
    refetchFilters: filters.query.refetch,
    previewContact: contacts.query.data?.data[0] ?? null,
    businessReviewLink: fullBusiness?.reviewLink ?? null,
    senders: senders.query.data?.data ?? null,
  };
}
