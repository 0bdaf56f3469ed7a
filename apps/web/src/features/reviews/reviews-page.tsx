import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title';

export function ReviewsPage() {
  usePageTitle('Reviews');
  return <Title order={1}>Reviews</Title>;
}
