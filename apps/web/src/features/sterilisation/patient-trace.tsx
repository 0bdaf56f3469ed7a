import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatInstrumentDate, formatTreatmentDate } from '@odonto/domain/dates';
import { usePatientTrace } from './api';

/** Trace-back from a patient (file number): the pouches and loads used on them. */
export function PatientTrace() {
  const [text, setText] = useState('');
  const [fileNumber, setFileNumber] = useState<number | null>(null);
  const trace = usePatientTrace(fileNumber);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const number = Number(text.trim());
            setFileNumber(Number.isInteger(number) && number > 0 ? number : null);
          }}
        >
          <Group align="flex-end">
            <TextInput
              size="lg"
              label="Fișa pacientului (nr.)"
              inputMode="numeric"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button size="lg" type="submit">
              Caută
            </Button>
          </Group>
        </form>
        {trace.error ? <Alert color="red">{trace.error.message}</Alert> : null}
        {trace.data ? (
          <>
            <Text fw={600}>
              {trace.data.patient
                ? `${trace.data.patient.name} (fișa nr. ${trace.data.patient.id})`
                : `Fișa nr. ${fileNumber ?? ''}`}
            </Text>
            {trace.data.uses.length === 0 ? (
              <Text c="dimmed">Niciun instrument sterilizat înregistrat la acest pacient.</Text>
            ) : (
              <Table fz="md" aria-label="Șarje folosite la pacient">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Șarja</Table.Th>
                    <Table.Th>Instrument</Table.Th>
                    <Table.Th>Folosit la</Table.Th>
                    <Table.Th>Tratament</Table.Th>
                    <Table.Th>Medic</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {trace.data.uses.map((use) => (
                    <Table.Tr key={use.id_sterilizare} c={use.recalled ? 'red.8' : undefined}>
                      <Table.Td>
                        {use.cycleId}
                        {use.recalled ? ' (neconformă)' : ''}
                      </Table.Td>
                      <Table.Td>
                        {use.id_sterilizare} - {use.name}
                      </Table.Td>
                      <Table.Td>{formatInstrumentDate(use.used_at)}</Table.Td>
                      <Table.Td>
                        {use.denumire}, {formatTreatmentDate(use.treatmentDate)}
                      </Table.Td>
                      <Table.Td>{use.medic}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
