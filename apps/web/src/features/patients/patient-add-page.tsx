import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function PatientAddPage() {
  usePageTitle('Pacient nou');
  return <Title order={1}>Pacient nou</Title>;
}
