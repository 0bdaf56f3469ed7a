import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { REVIEW_MESSAGES } from '@odonto/domain/contracts/reviews';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { useReviewList, useReviewStats } from './api';
import { ReviewFiltersPanel } from './review-filters';
import { ReviewList } from './review-list';
import { toFilterQuery, toListQuery, useReviewParams } from './review-params';
import { ReviewSettingsPanel } from './review-settings';
import { REVIEWS, ReviewStatsPanel } from './review-stats';
import './rating-modal';
import { ListPager } from '../../ui/list-pager';

function EmptyState({ isPastLastPage, onFirstPage }: { isPastLastPage: boolean; onFirstPage: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl" c="dimmed">
      <IconMessageStar size={36} stroke={1.4} aria-hidden />
      <Text>
        {isPastLastPage ? 'Pagina cerută nu mai există.' : 'Nicio recenzie nu corespunde filtrelor.'}
      </Text>
      {isPastLastPage ? (
        <Button variant="light" onClick={onFirstPage}>
          Mergi la prima pagină
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * /reviews: the patients' reviews with filters by doctor, stars and period (kept in the address), the
 * statistics per doctor and month, and the low scores flagged for follow-up.
 */
export function ReviewsPage() {
  usePageTitle('Recenzii');
  const session = useCurrentUser();
  const { filters, page, setFilters, setPage, resetFilters } = useReviewParams();
  const list = useReviewList(toListQuery(filters, page));
  const stats = useReviewStats(toFilterQuery(filters));
  const data = list.data;
  const fetchError = list.error ?? stats.error;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Recenzii</Title>
        <Text c="dimmed" size="sm">
          Părerile pacienților după programări. Scorurile mici (1–2 stele) sunt marcate pentru a fi urmărite.
        </Text>
      </div>
      {can(session.userCtx.roles, 'manage:settings') ? <ReviewSettingsPanel /> : null}
      <ReviewFiltersPanel filters={filters} onChange={setFilters} onReset={resetFilters} />
      {fetchError ? (
        <Alert color="red" title={REVIEW_MESSAGES.fetchFailed} role="alert">
          {fetchError.message}
        </Alert>
      ) : null}
      {stats.data ? <ReviewStatsPanel stats={stats.data} /> : null}
      <Paper
        withBorder
        radius="md"
        p={0}
        style={{ overflow: 'hidden' }}
        component="section"
        aria-label="Lista recenziilor"
      >
        {list.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Se încarcă recenziile" />
          </Group>
        ) : data && data.reviews.length === 0 ? (
          <EmptyState isPastLastPage={data.total > 0} onFirstPage={() => setPage(1)} />
        ) : data ? (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <ReviewList reviews={data.reviews} onOpen={(review) => openModal('rating', { review })} />
          </div>
        ) : null}
      </Paper>
      <ListPager paged={data} noun={REVIEWS} page={page} onPage={setPage} />
    </Stack>
  );
}
