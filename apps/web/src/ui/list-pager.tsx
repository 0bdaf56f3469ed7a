import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { PagedTotal } from '@odonto/domain/contracts/paging';

/** What a list counts, in Romanian: 'pacient' and 'pacienți'. */
export interface CountedNoun {
  singular: string;
  plural: string;
}

/** '1 pacient', '7 pacienți', '25 de pacienți', '105 pacienți': Romanian puts 'de' after 20, 21, … */
export function countOf(total: number, noun: CountedNoun): string {
  if (total === 1) return `1 ${noun.singular}`;
  const lastTwo = total % 100;
  return total === 0 || (lastTwo >= 1 && lastTwo <= 19)
    ? `${total} ${noun.plural}`
    : `${total} de ${noun.plural}`;
}

/**
 * A loaded page of a paged list (contracts/paging.ts): past 1,000 matches the server stops counting, and
 * `totalIsCapped` says there are more than `total`, this page's next one included.
 */
export interface LoadedPage extends PagedTotal {
  /** The page the answer is, from 1. */
  page: number;
  pageSize: number;
}

/** How many pages the total counts: one more may follow while it is capped. */
export function countedPages(paged: LoadedPage): number {
  return Math.ceil(paged.total / paged.pageSize);
}

/** 'Pagina 2 din 3 · 25 de pacienți'; capped: 'Pagina 2 din 100+ · 1.000+ pacienți'. */
export function pageSummary(paged: LoadedPage, noun: CountedNoun): string {
  const pageCount = countedPages(paged);
  if (paged.totalIsCapped) {
    const pages = pageCount.toLocaleString('ro-RO');
    return `Pagina ${paged.page} din ${pages}+ · ${paged.total.toLocaleString('ro-RO')}+ ${noun.plural}`;
  }
  return `Pagina ${paged.page} din ${Math.max(1, pageCount)} · ${countOf(paged.total, noun)}`;
}

export interface ListPagerProps {
  /** The loaded page's total; undefined while the first page loads (the next button waits for it). */
  paged: LoadedPage | undefined;
  /** What the list counts, for the summary. */
  noun: CountedNoun;
  /** The page shown (or asked for), from 1. */
  page: number;
  onPage: (page: number) => void;
}

/**
 * The foot of a paged list: its summary (announced to screen readers) and previous/next. A capped total
 * keeps next enabled: there are more matches than it says, past this page too (decision 0040).
 */
export function ListPager({ paged, noun, page, onPage }: ListPagerProps) {
  const lastPage = paged ? countedPages(paged) + (paged.totalIsCapped ? 1 : 0) : 1;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="page-summary">
        {paged ? pageSummary(paged, noun) : ' '}
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
          disabled={!paged || page >= lastPage}
          aria-label="Pagina următoare"
        >
          Următoare
        </Button>
      </Group>
    </Group>
  );
}
