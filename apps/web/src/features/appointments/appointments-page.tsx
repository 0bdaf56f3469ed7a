import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function AppointmentsPage() {
  usePageTitle('Programări');
  return <Title order={1}>Programări</Title>;
}
