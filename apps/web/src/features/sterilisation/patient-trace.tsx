import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatInstrumentDate, formatTreatmentDate } from '@odonto/domain/dates';
import { usePatientTrace } from './api';
import classes from './sterilisation.module.css';

/** Trace-back from a patient (file number): the pouches and loads used on them. */
export function PatientTrace() {
  const [text, setText] = useState('');
  const [fileNumber, setFileNumber] = useState<number | null>(null);
  const trace = usePatientTrace(fileNumber);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} fz="md" c="teal.9">
          Trasabilitate pacient
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const number = Number(text.trim());
            setFileNumber(Number.isInteger(number) && number > 0 ? number : null);
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Fișa pacientului (nr.)"
              inputMode="numeric"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button type="submit">Caută</Button>
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
              <div className={classes.box}>
                <Table
                  verticalSpacing="xs"
                  aria-label="Șarje folosite la pacient"
                  className={classes.stacked}
                >
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
                        <Table.Td data-label="Șarja">
                          {use.cycleId}
                          {use.recalled ? ' (neconformă)' : ''}
                        </Table.Td>
                        <Table.Td data-label="Instrument">
                          {use.id_sterilizare} - {use.name}
                        </Table.Td>
                        <Table.Td data-label="Folosit la">{formatInstrumentDate(use.used_at)}</Table.Td>
                        <Table.Td data-label="Tratament">
                          {use.denumire}, {formatTreatmentDate(use.treatmentDate)}
                        </Table.Td>
                        <Table.Td data-label="Medic">{use.medic}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
