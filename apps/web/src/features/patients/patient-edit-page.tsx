import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function PatientEditPage() {
  usePageTitle('Date pacient');
  return <Title order={1}>Date pacient</Title>;
}
