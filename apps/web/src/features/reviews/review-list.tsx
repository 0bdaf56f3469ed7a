import { Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { Review } from '@odonto/domain/contracts/reviews';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { Stars } from './stars';

/** The follow-up mark of a 1–2 star review. */
export function LowScoreBadge() {
  return (
    <Badge color="red" variant="light" leftSection={<IconFlag size={12} />}>
      De urmărit
    </Badge>
  );
}

/** A comment cut to one line for the list; the 'rating' modal shows it whole. */
function shortComment(comment: string): string {
  if (comment === '') return '—';
  return comment.length > 90 ? `${comment.slice(0, 90).trimEnd()}…` : comment;
}

/** The reviews of a page: stars, comment, patient, doctor and date; a click opens the review in full. */
export function ReviewList({
  reviews,
  onOpen,
}: {
  reviews: readonly Review[];
  onOpen: (review: Review) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Stele</Table.Th>
            <Table.Th>Comentariu</Table.Th>
            <Table.Th>Pacient</Table.Th>
            <Table.Th>Medic</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reviews.map((review) => (
            <Table.Tr
              key={review._id}
              data-low={review.isLow || undefined}
              style={{
                cursor: 'pointer',
                boxShadow: review.isLow ? 'inset 4px 0 0 var(--mantine-color-red-6)' : undefined,
              }}
              onClick={() => onOpen(review)}
            >
              <Table.Td>
                <UnstyledButton
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(review);
                  }}
                  aria-label={`Recenzia lui ${review.patientName} din ${formatTreatmentDate(review.createdAt)}`}
                >
                  <Text size="sm">{formatTreatmentDate(review.createdAt)}</Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Stars rating={review.rating} />
                  {review.isLow ? <LowScoreBadge /> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={review.comment ? undefined : 'dimmed'}>
                  {shortComment(review.comment)}
                </Text>
              </Table.Td>
              <Table.Td>{review.patientName}</Table.Td>
              <Table.Td>{review.medic}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
