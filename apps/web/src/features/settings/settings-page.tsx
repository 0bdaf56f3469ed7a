import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title';
import { SirutaSettings } from '../places/siruta-settings';
import { PriceListSection } from '../price-list/price-list-section';
import { EfacturaSection } from '../efactura/efactura-section';
import { TwoFactorPolicySection } from '../auth/two-factor-policy-section';
import { BackupsSection } from '../backups/backups-section';
import { GdprSettingsSection } from '../gdpr/gdpr-settings-section';
import { LocationsSection } from '../locations/locations-section';
import { ClinicSettings } from './clinic-settings';

const TABS = ['clinica', 'sedii', 'preturi', 'efactura', 'securitate', 'gdpr', 'copii'] as const;
type Tab = (typeof TABS)[number];

/** /setari (admins): the clinic's settings, one section per feature that has some; `?tab=sedii` the locations and their chairs, `?tab=preturi` prices, `?tab=efactura` the ANAF connection, `?tab=securitate` two-factor sign-in, `?tab=gdpr` the retention period and its report, `?tab=copii` the scheduled backup. */
export function SettingsPage() {
  usePageTitle('Setări');
  const [searchParams, setSearchParams] = useSearchParams();
  // ANAF's authorisation ends on /setari?efactura=<result>: that opens the e-Factura tab.
  const tab: Tab = searchParams.has('efactura')
    ? 'efactura'
    : (TABS.find((candidate) => candidate === searchParams.get('tab')) ?? 'clinica');

  function handleTabChange(value: string | null) {
    const next = TABS.find((candidate) => candidate === value) ?? 'clinica';
    setSearchParams(next === 'clinica' ? {} : { tab: next }, { replace: true });
  }

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>Setări</Title>
      {/* Only the open tab is mounted, so each section loads its data when it is shown. */}
      <Tabs value={tab} onChange={handleTabChange} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="clinica">Clinica</Tabs.Tab>
          <Tabs.Tab value="sedii">Sedii și cabinete</Tabs.Tab>
          <Tabs.Tab value="preturi">Listă de prețuri</Tabs.Tab>
          <Tabs.Tab value="efactura">e-Factura</Tabs.Tab>
          <Tabs.Tab value="securitate">Securitate</Tabs.Tab>
          <Tabs.Tab value="gdpr">Date personale (GDPR)</Tabs.Tab>
          <Tabs.Tab value="copii">Copii de siguranță</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clinica">
          <Stack gap="md">
            <ClinicSettings />
            <SirutaSettings />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sedii">
          <LocationsSection />
        </Tabs.Panel>
        <Tabs.Panel value="preturi">
          <PriceListSection />
        </Tabs.Panel>
        <Tabs.Panel value="efactura">
          <EfacturaSection />
        </Tabs.Panel>
        <Tabs.Panel value="securitate">
          <TwoFactorPolicySection />
        </Tabs.Panel>
        <Tabs.Panel value="gdpr">
          <GdprSettingsSection />
        </Tabs.Panel>
        <Tabs.Panel value="copii">
          <BackupsSection />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
