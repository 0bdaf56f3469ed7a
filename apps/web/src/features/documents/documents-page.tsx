import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function DocumentsPage() {
  usePageTitle('Documente');
  return <Title order={1}>Documente</Title>;
}
