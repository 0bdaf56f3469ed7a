import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function HistoryPage() {
  usePageTitle('Istoric tratamente');
  return <Title order={1}>Istoric tratamente</Title>;
}
