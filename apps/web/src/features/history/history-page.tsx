import { useState, type MouseEvent } from 'react';
import { useOutletContext } from 'react-router';
import { Badge, Button, Group, Image, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { pictureThumbnailPath, splitPictures } from '@odonto/domain/contracts/history-pictures';
import type { CancelledHistoryEntry, Patient, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { isTooth, toothLabel } from '@odonto/domain/teeth';
import { useCurrentUser } from '../../lib/current-user';
import { Dropdown } from '../../ui/dropdown';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { SignatureMark } from '../signatures/signature-mark';
import {
  filterHistory,
  historyDoctors,
  historyTeeth,
  NO_FILTERS,
  type HistoryFilters,
} from './history-filters';
import './treatment-modal';

export const HISTORY_TITLE = 'Istoric tratamente';
export const EMPTY_HISTORY = 'Nu există tratamente înregistrate.';
export const NO_MATCHING_ENTRIES = 'Niciun tratament nu corespunde filtrelor.';

/** '1.6', or '1.3 → 1.5' for a bridge; '' for a whole-mouth treatment. */
export function entryToothText(
  entry: Pick<PatientHistoryEntry, 'type' | 'dinte' | 'dinteStart' | 'dinteDestinatie'>,
) {
  if (entry.type === 'punte' && entry.dinteDestinatie) {
    return `${entry.dinteStart ?? entry.dinte ?? ''} → ${entry.dinteDestinatie}`;
  }
  return entry.dinte ?? '';
}

function Thumbnails({ patientId, label, names }: { patientId: string; label: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <Group gap="xs" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      {names.map((name) => (
        <Image
          key={name}
          src={pictureThumbnailPath(patientId, name)}
          alt={`${label} ${name}`}
          w={64}
          h={64}
          fit="cover"
          radius="sm"
        />
      ))}
    </Group>
  );
}

function HistoryEntryCard({
  entry,
  patientId,
  onOpen,
}: {
  entry: PatientHistoryEntry;
  patientId: string;
  onOpen: (entry: PatientHistoryEntry) => void;
}) {
  const pictures = splitPictures(entry.pics);
  const tooth = entryToothText(entry);
  function handleOpen(event: MouseEvent) {
    // The card opens the entry too: one click must open it once.
    event.stopPropagation();
    onOpen(entry);
  }
  // The whole card opens the entry with a click; keyboards and screen readers open it with the button
  // that carries its date, tooth and name (the card holds its own buttons, so it cannot be one).
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="history-entry"
      onClick={() => onOpen(entry)}
      style={{ cursor: 'pointer' }}
    >
      <Stack gap={4}>
        <Group gap="md" wrap="wrap">
          <UnstyledButton
            onClick={handleOpen}
            data-testid="history-open"
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 'var(--mantine-spacing-md)',
            }}
          >
            <Text component="span" fw={600} data-testid="history-date">
              {formatTreatmentDate(entry.createdAt)}
            </Text>
            {tooth !== '' ? (
              <Badge component="span" variant="light" data-testid="history-tooth">
                {tooth}
              </Badge>
            ) : null}
            <Text component="span" data-testid="history-name">
              {entry.denumire}
            </Text>
          </UnstyledButton>
          {entry.medic !== '' ? (
            <Text c="dimmed" data-testid="history-doctor">
              {entry.medic}
            </Text>
          ) : null}
          <SignatureMark signed={entry.signed} />
        </Group>
        {entry.detalii !== '' ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="history-details">
            {entry.detalii}
          </Text>
        ) : null}
        <Thumbnails patientId={patientId} label="Înainte" names={pictures.inainte.map((pic) => pic.name)} />
        <Thumbnails patientId={patientId} label="După" names={pictures.dupa.map((pic) => pic.name)} />
        {entry.sterilizari.length > 0 ? (
          <Text size="sm" data-testid="history-instruments">
            Instrumente:{' '}
            {entry.sterilizari
              .map((instrument) => `${instrument.name} (${String(instrument.id_sterilizare)})`)
              .join(', ')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A cancelled signed entry: struck through, with who cancelled it, when and why; it opens nothing. */
function CancelledEntryCard({ entry }: { entry: CancelledHistoryEntry }) {
  const tooth = entryToothText(entry);
  return (
    <Paper withBorder p="sm" data-testid="history-cancelled" bg="gray.0">
      <Stack gap={4}>
        <Group gap="md" wrap="wrap" td="line-through" c="dimmed" data-testid="history-cancelled-entry">
          <Text fw={600}>{formatTreatmentDate(entry.createdAt)}</Text>
          {tooth !== '' ? (
            <Badge variant="outline" color="gray">
              {tooth}
            </Badge>
          ) : null}
          <Text>{entry.denumire}</Text>
          {entry.medic !== '' ? <Text>{entry.medic}</Text> : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge color="red" variant="light">
            Anulat
          </Badge>
          <SignatureMark signed={entry.signed} />
          <Text size="sm" data-testid="history-cancel-reason">
            {formatTreatmentDate(entry.anulat.la)}
            {entry.anulat.de !== '' ? `, ${entry.anulat.de}` : ''}: {entry.anulat.motiv}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

type ListedEntry =
  { entry: PatientHistoryEntry; cancelled: false } | { entry: CancelledHistoryEntry; cancelled: true };

/** Live and cancelled entries in one list, newest treatment date first (then newest id). */
function listedEntries(live: readonly PatientHistoryEntry[], cancelled: readonly CancelledHistoryEntry[]) {
  const listed: ListedEntry[] = [
    ...live.map((entry) => ({ entry, cancelled: false as const })),
    ...cancelled.map((entry) => ({ entry, cancelled: true as const })),
  ];
  return listed.sort(
    (a, b) => Date.parse(b.entry.createdAt) - Date.parse(a.entry.createdAt) || b.entry.id - a.entry.id,
  );
}

/** What this screen reads of the patient layout's outlet context: the loaded patient. */
interface PatientOutlet {
  patient: Patient;
}

export function HistoryPage() {
  usePageTitle(HISTORY_TITLE);
  const { patient } = useOutletContext<PatientOutlet>();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const entries = listedEntries(
    filterHistory(patient.history, filters),
    filterHistory(patient.anulate, filters),
  );
  const doctors = historyDoctors(patient.history);
  const teeth = historyTeeth(patient.history).map((tooth) => ({ value: tooth, label: toothLabel(tooth) }));

  const session = useCurrentUser();
  const defaultMedic = session.userCtx.roles.includes('medic') ? session.user.nume : null;

  function openEntry(entry: PatientHistoryEntry) {
    openModal('add-treatment', { patient, entryId: entry.id, defaultMedic });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{HISTORY_TITLE}</Title>
        <Button onClick={() => openModal('add-treatment', { patient, entryId: null, defaultMedic })}>
          Adaugă tratament
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <Dropdown
          label="Filtru medic"
          placeholder="Toți medicii"
          data={doctors}
          value={filters.medic}
          disabled={filters.dinte !== null}
          onChange={(medic) => setFilters({ medic, dinte: null })}
        />
        <Dropdown
          label="Filtru dinte"
          placeholder="Toți dinții"
          data={teeth}
          value={filters.dinte}
          disabled={filters.medic !== null}
          onChange={(dinte) =>
            setFilters({ medic: null, dinte: dinte !== null && isTooth(dinte) ? dinte : null })
          }
        />
        <Button
          variant="default"
          disabled={filters.medic === null && filters.dinte === null}
          onClick={() => setFilters(NO_FILTERS)}
        >
          Șterge filtrele
        </Button>
      </Group>
      {patient.history.length === 0 && patient.anulate.length === 0 ? (
        <Text c="dimmed">{EMPTY_HISTORY}</Text>
      ) : entries.length === 0 ? (
        <Text c="dimmed">{NO_MATCHING_ENTRIES}</Text>
      ) : (
        <Stack gap="sm" data-testid="history-list">
          {entries.map((listed) =>
            listed.cancelled ? (
              <CancelledEntryCard key={listed.entry.id} entry={listed.entry} />
            ) : (
              <HistoryEntryCard
                key={listed.entry.id}
                entry={listed.entry}
                patientId={patient._id}
                onOpen={openEntry}
              />
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
