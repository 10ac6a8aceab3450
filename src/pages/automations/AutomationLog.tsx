import { useTable } from '@refinedev/antd';
import { Table, Typography } from 'antd';
import { automationLogLine, type AutomationLogItem } from '#domain/automation';
import { useBusinessTime } from '../../business/business-time';

const REFRESH_MS = 5000;
const LOG_PAGE_SIZE = 20;

/** What the automation did after each visit, newest first, one line per visit (Refine's useTable over the log). */
export function AutomationLog() {
  const times = useBusinessTime();
  const { tableProps } = useTable<AutomationLogItem>({
    resource: 'automations',
    pagination: { mode: 'client', pageSize: LOG_PAGE_SIZE },
    syncWithLocation: false,
    // Requests fall due and go out while the page is open.
    queryOptions: { refetchInterval: REFRESH_MS },
  });
  return (
    <Table<AutomationLogItem>
      {...tableProps}
      rowKey="id"
      size="small"
      showHeader={false}
      scroll={undefined}
      title={times.zoneLabel ? () => <Typography.Text type="secondary">Times are {times.zoneLabel}.</Typography.Text> : undefined}
      // Secondary text, not the table's pale placeholder colour: it must stay readable (4.5:1).
      locale={{ emptyText: <Typography.Text type="secondary">No visits yet: check contacts in on the Contacts screen while the automation is on.</Typography.Text> }}
      columns={[
        {
          key: 'line',
          title: 'What happened',
          render: (_, item) => <span data-testid="automation-log-line">{automationLogLine(item, times.short)}</span>,
        },
      ]}
    />
  );
}
