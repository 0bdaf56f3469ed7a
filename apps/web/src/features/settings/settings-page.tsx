import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';
import { SirutaSettings } from '../places/siruta-settings';
import { ClinicSettings } from './clinic-settings';

/** /setari (admins): the clinic's settings, one section per feature that has some. */
export function SettingsPage() {
  usePageTitle('Setări');
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>Setări</Title>
      <ClinicSettings />
      <SirutaSettings />
    </Stack>
  );
}
