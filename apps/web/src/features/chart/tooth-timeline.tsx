import type { MouseEvent } from 'react';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ToothState } from '@odonto/domain/chart-state';
import { picturePath, pictureThumbnailPath, splitPictures } from '@odonto/domain/contracts/history-pictures';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { toothLabel } from '@odonto/domain/teeth';

export const EMPTY_TIMELINE = 'Niciun tratament pe acest dinte.';

interface ToothTimelineProps {
  patientId: string;
  tooth: ToothState<PatientHistoryEntry>;
  /** What the chart shows of the tooth, in Romanian (tooth-view.ts). */
  summary: string;
  isRemoved: boolean;
  canWrite: boolean;
  isToggling: boolean;
  onOpenEntry: (entry: PatientHistoryEntry) => void;
  onAddTreatment: () => void;
  onToggleRemoved: () => void;
  onClose: () => void;
}

function Pictures({ patientId, label, names }: { patientId: string; label: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <Group gap="xs" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      {names.map((name) => (
        <Anchor
          key={name}
          href={picturePath(patientId, name)}
          target="_blank"
          rel="noreferrer"
          onClick={(event) => event.stopPropagation()}
        >
          <Image
            src={pictureThumbnailPath(patientId, name)}
            alt={`${label} ${name}`}
            w={72}
            h={72}
            fit="cover"
            radius="sm"
          />
        </Anchor>
      ))}
    </Group>
  );
}

function TimelineEntry({
  entry,
  patientId,
  onOpen,
}: {
  entry: PatientHistoryEntry;
  patientId: string;
  onOpen: (entry: PatientHistoryEntry) => void;
}) {
  const pictures = splitPictures(entry.pics);
  const span =
    entry.type === 'punte' && entry.dinteDestinatie
      ? `${entry.dinteStart ?? entry.dinte ?? ''} → ${entry.dinteDestinatie}`
      : null;
  function handleOpen(event: MouseEvent) {
    // The entry opens on a click anywhere on it too: one click must open it once.
    event.stopPropagation();
    onOpen(entry);
  }
  // A list item that opens with a click; keyboards and screen readers open it with the button that carries
  // its date and name (a list item with a button role would no longer be an item of the list).
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-testid="timeline-entry"
      onClick={() => onOpen(entry)}
      style={{ cursor: 'pointer', listStyle: 'none' }}
    >
      <Stack gap={4}>
        <Group gap="md" wrap="wrap">
          <UnstyledButton
            onClick={handleOpen}
            data-testid="timeline-open"
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 'var(--mantine-spacing-md)',
            }}
          >
            <Text component="span" fw={600}>
              {formatTreatmentDate(entry.createdAt)}
            </Text>
            <Text component="span">{entry.denumire}</Text>
          </UnstyledButton>
          {span ? <Badge variant="light">{span}</Badge> : null}
          {entry.medic !== '' ? <Text c="dimmed">{entry.medic}</Text> : null}
        </Group>
        {entry.detalii !== '' ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.detalii}
          </Text>
        ) : null}
        <Pictures patientId={patientId} label="Înainte" names={pictures.inainte.map((pic) => pic.name)} />
        <Pictures patientId={patientId} label="După" names={pictures.dupa.map((pic) => pic.name)} />
      </Stack>
    </Paper>
  );
}

/** A tooth's timeline: every entry on it, oldest to newest, and what can be done to it from the chart. */
export function ToothTimeline({
  patientId,
  tooth,
  summary,
  isRemoved,
  canWrite,
  isToggling,
  onOpenEntry,
  onAddTreatment,
  onToggleRemoved,
  onClose,
}: ToothTimelineProps) {
  const heading = `Dinte ${toothLabel(tooth.id)}`;
  return (
    <Paper withBorder p="md" component="section" aria-label={heading} data-testid="tooth-timeline">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {heading}
            </Title>
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
          </Stack>
          <CloseButton size="lg" aria-label="Închide istoricul dintelui" onClick={onClose} />
        </Group>
        {canWrite ? (
          <Group gap="sm">
            <Button size="md" onClick={onAddTreatment}>
              Adaugă tratament pe {tooth.id}
            </Button>
            <Button size="md" variant="default" loading={isToggling} onClick={onToggleRemoved}>
              {isRemoved ? 'Marchează dintele ca prezent' : 'Marchează dintele ca lipsă'}
            </Button>
          </Group>
        ) : null}
        {tooth.entries.length === 0 ? (
          <Text c="dimmed">{EMPTY_TIMELINE}</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} aria-label="Tratamente pe dinte, de la cel mai vechi">
            {tooth.entries.map((entry) => (
              <TimelineEntry key={entry.id} entry={entry} patientId={patientId} onOpen={onOpenEntry} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
