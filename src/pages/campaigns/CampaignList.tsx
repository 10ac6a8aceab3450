import { PlusOutlined } from '@ant-design/icons';
import { Empty, Flex } from 'antd';
import type { ComponentProps } from 'react';
import type { Campaign } from '#domain/campaign-schemas';
import { LinkButton } from '../../components/LinkButton';
import { LoadError, LoadingState } from '../../components/ListStates';
import { CampaignCard } from './CampaignCard';
import type { useCampaignsOverview } from './useCampaignsOverview';

type Props = {
  overview: ReturnType<typeof useCampaignsOverview>;
  /** The campaigns the filters let through. */
  shown: Campaign[];
  onAction: ComponentProps<typeof CampaignCard>['onAction'];
};

/** The filtered campaigns' cards; else why there are none (loading, a load error, none yet, none matching). */
export function CampaignList({ overview, shown, onAction }: Props) {
  if (overview.isLoading) return <LoadingState text="Loading campaigns" />;
  if (overview.isError) return <LoadError what="campaigns" error={overview.error} onRetry={() => void overview.refetch()} />;
  if (overview.campaigns.length === 0) {
    return (
      <Empty description="You don't have any campaigns created">
        <LinkButton to="/campaigns/create-new-campaign" type="primary" icon={<PlusOutlined />}>
          Create your first campaign
        </LinkButton>
      </Empty>
    );
  }
  if (shown.length === 0) return <Empty description="No matching results were found" />;
  return (
    <Flex vertical gap={12}>
      {shown.map((campaign) => (
        <CampaignCard key={campaign.id} campaign={campaign} onAction={onAction} />
      ))}
    </Flex>
  );
}
