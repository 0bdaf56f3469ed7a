import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function PatientListPage() {
  usePageTitle('Pacienți');
  return <Title order={1}>Pacienți</Title>;
}
