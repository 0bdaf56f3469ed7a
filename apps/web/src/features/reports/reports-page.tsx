import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { REPORT_TAB_LABELS, reportTabsFor, type ReportTab } from '@odonto/domain/reports';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../ui/use-page-title';
import { CashReportTab } from './cash-report';
import { CommissionsReportTab } from './commissions-report';
import { PlansReportTab } from './plans-report';
import { ReceivablesReportTab } from './receivables-report';
import { canSeeClinicReceivables, canSetCommissions } from './reports-access';
import { RevenueReportTab } from './revenue-report';

/**
 * /rapoarte: the money reports, one tab each (`?tab=`), the tabs the user's roles allow — admins all of
 * them, a doctor their own figures, reception the daily cash report.
 */
export function ReportsPage() {
  usePageTitle('Rapoarte');
  const { userCtx } = useCurrentUser();
  const tabs = reportTabsFor(userCtx.roles);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current: ReportTab = tabs.find((tab) => tab === asked) ?? tabs[0] ?? 'casa';

  function handleTab(value: string | null) {
    if (value) setParams({ tab: value }, { replace: true });
  }

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>Rapoarte</Title>
      <Tabs value={current} onChange={handleTab} keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {REPORT_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="casa" pt="md">
          <CashReportTab />
        </Tabs.Panel>
        <Tabs.Panel value="venituri" pt="md">
          <RevenueReportTab />
        </Tabs.Panel>
        <Tabs.Panel value="creante" pt="md">
          <ReceivablesReportTab byLocation={canSeeClinicReceivables(userCtx.roles)} />
        </Tabs.Panel>
        <Tabs.Panel value="planuri" pt="md">
          <PlansReportTab />
        </Tabs.Panel>
        <Tabs.Panel value="comisioane" pt="md">
          <CommissionsReportTab canSetRates={canSetCommissions(userCtx.roles)} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
