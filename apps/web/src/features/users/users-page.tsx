import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function UsersPage() {
  usePageTitle('Utilizatori');
  return <Title order={1}>Utilizatori</Title>;
}
