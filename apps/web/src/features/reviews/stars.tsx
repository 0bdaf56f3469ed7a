import { Group, Rating } from '@mantine/core';

/** '1 stea', '4 stele'. */
export function starsLabel(rating: number): string {
  return rating === 1 ? '1 stea' : `${rating} stele`;
}

/** A read-only row of 1–5 stars, named for screen readers ('4 stele din 5'). */
export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={`${starsLabel(rating)} din 5`}>
      <Rating value={rating} readOnly size={size} aria-hidden />
    </Group>
  );
}

/** An average as the screen writes it: '4,33' (Romanian decimal comma), or '—' without reviews. */
export function formatAverage(average: number | null): string {
  return average === null ? '—' : average.toLocaleString('ro-RO', { maximumFractionDigits: 2 });
}
