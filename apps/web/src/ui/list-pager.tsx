import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export interface ListPagerProps {
  /** 'Pagina 2 din 5 · 48 …' once the page is loaded; null while it loads. */
  summary: string | null;
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  /** False until the first answer: the next button waits for it. */
  isLoaded: boolean;
  onPage: (page: number) => void;
}

/** The foot of a paged list: its summary (announced to screen readers) and previous/next. */
export function ListPager({ summary, page, pageCount, isLoaded, onPage }: ListPagerProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="page-summary">
        {summary ?? ' '}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label="Pagina anterioară"
        >
          Anterioară
        </Button>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          onClick={() => onPage(page + 1)}
          disabled={!isLoaded || page >= pageCount}
          aria-label="Pagina următoare"
        >
          Următoare
        </Button>
      </Group>
    </Group>
  );
}
