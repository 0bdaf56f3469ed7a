import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { REMINDER_STATUS_LABELS, type Appointment } from '@odonto/domain/contracts/appointments';
import { formatTreatmentDate } from '@odonto/domain/dates';

const REMINDER_COLOURS = { queued: 'blue', sent: 'teal', failed: 'red' } as const;

/** '09:05'. */
export function clockText(time: { ora: number; minute: number }): string {
  return `${String(time.ora).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

/** '10:00–10:30'. */
export function spanText(item: Pick<Appointment, 'deLa' | 'panaLa'>): string {
  return `${clockText(item.deLa)}–${clockText(item.panaLa)}`;
}

function ReminderBadge({ item }: { item: Appointment }) {
  if (!item.trimite_sms) {
    return (
      <Badge variant="outline" color="gray">
        Fără SMS
      </Badge>
    );
  }
  if (!item.reminder) return null;
  return (
    <Badge color={REMINDER_COLOURS[item.reminder.status]} title={item.reminder.error ?? undefined}>
      {REMINDER_STATUS_LABELS[item.reminder.status]}
    </Badge>
  );
}

/** Where it takes place: the location in a clinic group, and the chair when it has one (issue 14). */
function placeText(item: Appointment, showLocation: boolean): string {
  return [showLocation ? item.locationName : null, item.chairName].filter(Boolean).join(' · ');
}

function AppointmentRow({
  item,
  isPast,
  showLocation,
  onOpen,
  action,
}: {
  item: Appointment;
  isPast: boolean;
  showLocation: boolean;
  onOpen: (item: Appointment) => void;
  action?: ReactNode;
}) {
  const place = placeText(item, showLocation);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      opacity={isPast ? 0.75 : 1}
      aria-label={`Programare ${formatTreatmentDate(item.start)} ${spanText(item)}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>
            {formatTreatmentDate(item.start)} · {spanText(item)}
          </Text>
          <Text size="sm">
            {item.medic || 'Medic necunoscut'}
            {place ? ` · ${place}` : ''}
          </Text>
          {item.nota ? (
            <Text size="sm" c="dimmed">
              {item.nota}
            </Text>
          ) : null}
          {item.reminder?.status === 'failed' && item.reminder.error ? (
            <Text size="xs" c="red">
              {item.reminder.error}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <ReminderBadge item={item} />
          {action}
          <Button size="xs" variant="light" onClick={() => onOpen(item)}>
            Modifică
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The patient's appointments: upcoming (as the server orders them) then past, each under its heading. */
export function AppointmentList({
  items,
  now,
  onOpen,
  pastAction,
  showLocation = false,
}: {
  items: readonly Appointment[];
  now: Date;
  /** The clinic is a group: each appointment names its location. */
  showLocation?: boolean;
  onOpen: (item: Appointment) => void;
  /** An extra action on each past appointment (the review request). */
  pastAction?: (item: Appointment) => ReactNode;
}) {
  const at = now.toISOString();
  const upcoming = items.filter((item) => item.end >= at);
  const past = items.filter((item) => item.end < at);
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-label="Programări viitoare">
        <Text fw={700}>Programări viitoare</Text>
        {upcoming.length === 0 ? <Text c="dimmed">Nicio programare viitoare.</Text> : null}
        {upcoming.map((item) => (
          <AppointmentRow
            key={item._id}
            item={item}
            isPast={false}
            showLocation={showLocation}
            onOpen={onOpen}
          />
        ))}
      </Stack>
      {past.length > 0 ? (
        <Stack gap="xs" component="section" aria-label="Programări trecute">
          <Text fw={700}>Programări trecute</Text>
          {past.map((item) => (
            <AppointmentRow
              key={item._id}
              item={item}
              isPast
              showLocation={showLocation}
              onOpen={onOpen}
              action={pastAction?.(item)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
