import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Review } from '@odonto/domain/contracts/reviews';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { registerModal, type ModalControls } from '../../ui/modals';
import { LowScoreBadge } from './review-list';
import { starsLabel, Stars } from './stars';

export interface RatingModalProps {
  review: Review;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    rating: RatingModalProps;
  }
}

/** The 'rating' modal (SPEC.md §2): one review in full, with the follow-up hint for a low score. */
export function RatingModal({ review, close }: RatingModalProps & ModalControls) {
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Stars rating={review.rating} size="lg" />
        <Text fw={600}>{starsLabel(review.rating)}</Text>
        {review.isLow ? <LowScoreBadge /> : null}
      </Group>
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            Pacient:{' '}
          </Text>
          <Anchor component={Link} to={`/pacienti/edit/${review.patientId}`} onClick={close}>
            {review.patientName}
          </Anchor>
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Medic:{' '}
          </Text>
          {review.medic}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Data:{' '}
          </Text>
          {formatTreatmentDate(review.createdAt)}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Comentariu
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="review-comment">
          {review.comment || 'Pacientul nu a lăsat un comentariu.'}
        </Text>
      </Stack>
      {review.isLow ? (
        <Alert color="red" variant="light" title="Scor mic: de urmărit">
          Contactați pacientul pentru a afla ce nu a mers bine și cum puteți remedia situația.
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Închide
        </Button>
      </Group>
    </Stack>
  );
}

registerModal('rating', { component: RatingModal, title: 'Recenzie', size: 'lg' });
