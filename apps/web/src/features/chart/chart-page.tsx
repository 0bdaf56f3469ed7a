import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function ChartPage() {
  usePageTitle('Schiță dentară');
  return <Title order={1}>Schiță dentară</Title>;
}
