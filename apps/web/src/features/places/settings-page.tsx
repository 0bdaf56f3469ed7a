import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';
import { SirutaSettings } from './siruta-settings';

/** /setari: the clinic's settings (admins). */
export function SettingsPage() {
  usePageTitle('Setări');
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>Setări</Title>
      <SirutaSettings />
    </Stack>
  );
}
