import { useState } from 'react';
import { Badge, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatInstrumentDate } from '@odonto/domain/dates';
import { LOAD_STATUS_LABELS } from '@odonto/domain/sterilisation';
import { registerModal, type ModalControls } from '../../ui/modals';
import { useInstrumentHistory, useInstrumentHistoryById } from './api';
import { dateTime } from './sterilisation-format';

export interface HistoryModalProps {
  /** The name search starts with this (the instrument the history was opened from). */
  name?: string;
  /** The instrument the history was opened from: its own history until the name search is changed. */
  instrumentId?: string;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'sterilisation-history': HistoryModalProps;
  }
}

/** The instrument history view: sterilisations and uses, by name prefix and one whole day. */
export function HistoryModal({ name = '', instrumentId }: HistoryModalProps & ModalControls) {
  const [search, setSearch] = useState(name);
  const [day, setDay] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Opened from an instrument: that instrument only (another may share the start of its name).
  const own = instrumentId !== undefined && debounced === name;
  const byName = useInstrumentHistory(debounced, day, !own);
  const byId = useInstrumentHistoryById(own ? instrumentId : undefined, day);
  const history = own ? byId : byName;
  return (
    <Stack gap="md">
      <Group grow>
        <TextInput
          size="lg"
          label="Caută după nume"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <TextInput
          size="lg"
          type="date"
          label="Ziua"
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
        />
      </Group>
      {history.error ? <Text c="red">{history.error.message}</Text> : null}
      <ScrollArea.Autosize mah="60vh">
        <Table fz="md" aria-label="Istoric instrumente">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Eveniment</Table.Th>
              <Table.Th>Instrument</Table.Th>
              <Table.Th>ID</Table.Th>
              <Table.Th>Detalii</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data?.map((event) => (
              <Table.Tr key={`${event.kind}-${event.id}`}>
                <Table.Td>{dateTime(event.date)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={event.kind === 'sterilizare' ? 'teal' : 'blue'}>
                    {event.kind === 'sterilizare' ? 'Sterilizare' : 'Folosire'}
                  </Badge>
                </Table.Td>
                <Table.Td>{event.name}</Table.Td>
                <Table.Td>{event.id}</Table.Td>
                <Table.Td>
                  {event.kind === 'sterilizare'
                    ? `Șarja ${event.cycleId} · ${LOAD_STATUS_LABELS[event.status]} · valabil până la ${formatInstrumentDate(event.useBy)} · ${event.operator}`
                    : [event.patient, event.denumire, event.medic].filter(Boolean).join(' · ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {history.data?.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            Nimic în istoric pentru această căutare.
          </Text>
        ) : null}
      </ScrollArea.Autosize>
    </Stack>
  );
}

registerModal('sterilisation-history', {
  component: HistoryModal,
  title: 'Istoric sterilizare',
  size: '90rem',
});
