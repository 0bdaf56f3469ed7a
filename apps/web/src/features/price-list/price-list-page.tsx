import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';
import { PriceListSection } from './price-list-section';

/**
 * /preturi: the price list on its own page, for doctors and assistants who read it while planning (admins
 * edit it here or under Setări → Listă de prețuri).
 */
export function PriceListPage() {
  usePageTitle('Listă de prețuri');
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>Prețuri</Title>
      <PriceListSection />
    </Stack>
  );
}
