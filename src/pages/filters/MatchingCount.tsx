import { Typography } from 'antd';
import { filterConditionsRule } from '#domain/filters';
import { counted } from '#domain/words';
import { useSettledValue } from '../../components/forms/useSettledValue';
import { useResourceQuery } from '../../resources/useResourceAction';

const COUNT_SETTLE_MS = 400;

/** How many contacts the conditions match now, once they are complete and have stopped changing. */
export function MatchingCount({ businessId, open, conditions }: { businessId: number; open: boolean; conditions: unknown }) {
  const settled = useSettledValue(conditions, COUNT_SETTLE_MS);
  const complete = filterConditionsRule.safeParse(settled);
  const matching = useResourceQuery('contactFilters', 'countMatching', {
    values: complete.success ? { businessId, contactFilterItems: complete.data } : undefined,
    queryOptions: { enabled: open && complete.success, placeholderData: (previous) => previous },
  });
  const text = !complete.success
    ? 'Complete the conditions to see how many contacts they match.'
    : matching.isError
      ? 'The contacts could not be counted.'
      : matching.data
        ? `Matches ${counted(matching.data.data.count, 'contact')} now.`
        : 'Counting contacts…';
  return (
    <Typography.Text type="secondary" role="status" data-testid="filter-matching-count">
      {text}
    </Typography.Text>
  );
}
