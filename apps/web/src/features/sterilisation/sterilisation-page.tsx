import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function SterilisationPage() {
  usePageTitle('Sterilizare');
  return <Title order={1}>Sterilizare</Title>;
}
