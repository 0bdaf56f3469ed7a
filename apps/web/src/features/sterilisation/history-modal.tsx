import { useState } from 'react';
import { Badge, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { formatInstrumentDate } from '@odonto/domain/dates';
import { LOAD_STATUS_LABELS } from '@odonto/domain/sterilisation';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { registerModal, type ModalControls } from '../../ui/modals';
import { useInstrumentHistory, useInstrumentHistoryById } from './api';
import { dateTime } from './sterilisation-format';
import classes from './sterilisation.module.css';

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
          label="Caută după nume"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <DatePickerInput
          label="Ziua"
          placeholder="Oricare"
          value={day || null}
          onChange={(value) => setDay(value ?? '')}
          valueFormat="DD.MM.YYYY"
          {...DATE_PICKER_A11Y}
          clearable
          clearButtonProps={{ 'aria-label': 'Șterge ziua' }}
        />
      </Group>
      {history.error ? <Text c="red">{history.error.message}</Text> : null}
      <ScrollArea.Autosize mah="60vh">
        <div className={classes.box}>
          <Table verticalSpacing="xs" aria-label="Istoric instrumente" className={classes.stacked}>
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
                  <Table.Td data-label="Data">{dateTime(event.date)}</Table.Td>
                  <Table.Td data-label="Eveniment">
                    <Badge variant="light" color={event.kind === 'sterilizare' ? 'teal' : 'blue'}>
                      {event.kind === 'sterilizare' ? 'Sterilizare' : 'Folosire'}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label="Instrument">{event.name}</Table.Td>
                  <Table.Td data-label="ID">{event.id}</Table.Td>
                  <Table.Td data-label="Detalii">
                    {event.kind === 'sterilizare'
                      ? `Șarja ${event.cycleId} · ${LOAD_STATUS_LABELS[event.status]} · valabil până la ${formatInstrumentDate(event.useBy)} · ${event.operator}`
                      : [event.patient, event.denumire, event.medic].filter(Boolean).join(' · ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
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
