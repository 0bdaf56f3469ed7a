import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { registerQuery, type RegisterResponse } from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate, toIsoDay } from '@odonto/domain/dates';
import { LOAD_STATUS_LABELS, RESULT_LABELS } from '@odonto/domain/sterilisation';
import { registerCsvUrl, useRegister } from './api';
import { PrintArea, printNow } from './print-area';
import { dateTime } from './sterilisation-format';

const WEEK_MS = 6 * 86_400_000;

function RegisterTable({ register }: { register: RegisterResponse }) {
  return (
    <Table fz="sm" aria-label="Registru de sterilizare" withTableBorder withColumnBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Șarja</Table.Th>
          <Table.Th>Data și ora</Table.Th>
          <Table.Th>Autoclav / program</Table.Th>
          <Table.Th>Parametri</Table.Th>
          <Table.Th>Integrator</Table.Th>
          <Table.Th>BI</Table.Th>
          <Table.Th>Ambalaje</Table.Th>
          <Table.Th>Pungi (ID - instrument, valabil până la)</Table.Th>
          <Table.Th>Operator</Table.Th>
          <Table.Th>Stare</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {register.cycles.map((cycle) => (
          <Table.Tr key={cycle.id}>
            <Table.Td>{cycle.id}</Table.Td>
            <Table.Td>{dateTime(cycle.startedAt)}</Table.Td>
            <Table.Td>
              {cycle.autoclave} / {cycle.programme}
            </Table.Td>
            <Table.Td>
              {cycle.temperature} °C, {String(cycle.pressure).replace('.', ',')} bar, {cycle.duration} min
            </Table.Td>
            <Table.Td>{cycle.integrator === 'pass' ? 'Conform' : 'Neconform'}</Table.Td>
            <Table.Td>{RESULT_LABELS[cycle.biological]}</Table.Td>
            <Table.Td>{cycle.packagingChecked ? 'Verificate' : '—'}</Table.Td>
            <Table.Td>
              {cycle.items.map((item) => (
                <div key={item.id_sterilizare}>
                  {item.id_sterilizare} - {item.name}, {formatInstrumentDate(item.useBy)}
                </div>
              ))}
            </Table.Td>
            <Table.Td>{cycle.operator}</Table.Td>
            <Table.Td>{LOAD_STATUS_LABELS[cycle.status]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The register of a date range for inspections: on screen, printed on A4, exported as CSV. */
export function RegisterView({ now }: { now: Date }) {
  const [from, setFrom] = useState(() => toIsoDay(now.getTime() - WEEK_MS));
  const [to, setTo] = useState(() => toIsoDay(now));
  const range = registerQuery.safeParse({ from, to });
  const register = useRegister(from, to, range.success);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group align="flex-end">
          <TextInput
            size="lg"
            type="date"
            label="De la"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            size="lg"
            type="date"
            label="Până la"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
          <Button size="lg" leftSection={<IconPrinter />} onClick={printNow} disabled={!register.data}>
            Tipărește (A4)
          </Button>
          {range.success ? (
            <Anchor href={registerCsvUrl(from, to)} download size="lg">
              <Group gap={4}>
                <IconDownload /> Export CSV
              </Group>
            </Anchor>
          ) : null}
        </Group>
        {range.success ? null : <Alert color="red">{range.error.issues[0]?.message}</Alert>}
        {register.error ? <Alert color="red">{register.error.message}</Alert> : null}
        {register.data ? (
          <>
            <ScrollArea>
              <RegisterTable register={register.data} />
            </ScrollArea>
            {register.data.cycles.length === 0 ? (
              <Text c="dimmed">Niciun ciclu în acest interval.</Text>
            ) : null}
            <PrintArea format="a4">
              <div className="odonto-a4">
                <h2>
                  Registru de sterilizare {formatInstrumentDate(from)} – {formatInstrumentDate(to)}
                </h2>
                <RegisterTable register={register.data} />
                <h3>Teste zilnice (Bowie-Dick / Helix)</h3>
                <ul>
                  {register.data.tests.map((test) => (
                    <li key={test.id}>
                      {dateTime(test.at)} · {test.autoclave} · {test.kind} ·{' '}
                      {test.result === 'pass' ? 'conform' : 'neconform'} · {test.operator}
                    </li>
                  ))}
                </ul>
              </div>
            </PrintArea>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
