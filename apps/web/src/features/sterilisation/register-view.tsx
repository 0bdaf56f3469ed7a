import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { registerQuery, type RegisterResponse } from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate, toIsoDay } from '@odonto/domain/dates';
import { LOAD_STATUS_LABELS, RESULT_LABELS } from '@odonto/domain/sterilisation';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { registerCsvUrl, useRegister } from './api';
import { useSterilisationLocation } from './use-location';
import { PrintArea, printNow } from './print-area';
import { dateTime } from './sterilisation-format';
import classes from './sterilisation.module.css';

const WEEK_MS = 6 * 86_400_000;
const POUCHES = 'Pungi (ID - instrument, valabil până la)';

/** On screen the rows become cards where ten columns do not fit (`isStacking`); printed on A4 they stay. */
function RegisterTable({ register, isStacking }: { register: RegisterResponse; isStacking: boolean }) {
  return (
    <Table
      verticalSpacing="xs"
      aria-label="Registru de sterilizare"
      // On screen the section's frame is the border; on paper the table draws its own.
      withTableBorder={!isStacking}
      withColumnBorders
      className={isStacking ? `${classes.topAligned} ${classes.stacked}` : classes.topAligned}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Șarja</Table.Th>
          <Table.Th>Data și ora</Table.Th>
          <Table.Th>Autoclav / program</Table.Th>
          <Table.Th>Parametri</Table.Th>
          <Table.Th>Integrator</Table.Th>
          <Table.Th>BI</Table.Th>
          <Table.Th>Ambalaje</Table.Th>
          <Table.Th miw="14rem">{POUCHES}</Table.Th>
          <Table.Th>Operator</Table.Th>
          <Table.Th>Stare</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {register.cycles.map((cycle) => (
          <Table.Tr key={cycle.id}>
            <Table.Td data-label="Șarja">{cycle.id}</Table.Td>
            <Table.Td data-label="Data și ora">{dateTime(cycle.startedAt)}</Table.Td>
            <Table.Td data-label="Autoclav / program">
              {cycle.autoclave} / {cycle.programme}
            </Table.Td>
            <Table.Td data-label="Parametri">
              {cycle.temperature} °C, {String(cycle.pressure).replace('.', ',')} bar, {cycle.duration} min
            </Table.Td>
            <Table.Td data-label="Integrator">
              {cycle.integrator === 'pass' ? 'Conform' : 'Neconform'}
            </Table.Td>
            <Table.Td data-label="BI">{RESULT_LABELS[cycle.biological]}</Table.Td>
            <Table.Td data-label="Ambalaje">{cycle.packagingChecked ? 'Verificate' : '—'}</Table.Td>
            <Table.Td data-label={POUCHES} className={classes.fullRow}>
              {cycle.items.map((item) => (
                <div key={item.id_sterilizare}>
                  {item.id_sterilizare} - {item.name}, {formatInstrumentDate(item.useBy)}
                </div>
              ))}
            </Table.Td>
            <Table.Td data-label="Operator">{cycle.operator}</Table.Td>
            <Table.Td data-label="Stare">{LOAD_STATUS_LABELS[cycle.status]}</Table.Td>
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
  const { locationId, choices } = useSterilisationLocation();
  const locationName = choices.find((place) => place.id === locationId)?.name;
  const register = useRegister(from, to, locationId, range.success);
  return (
    <Paper withBorder radius="md" p={0} className={`${classes.section} ${classes.box}`}>
      <Stack gap="md" className={classes.sectionHeader}>
        <Title order={2} fz="md" c="teal.9">
          Registru de sterilizare
        </Title>
        <Group align="flex-end" gap="sm">
          <DatePickerInput
            label="De la"
            value={from || null}
            onChange={(value) => setFrom(value ?? '')}
            valueFormat="DD.MM.YYYY"
            {...DATE_PICKER_A11Y}
          />
          <DatePickerInput
            label="Până la"
            value={to || null}
            onChange={(value) => setTo(value ?? '')}
            valueFormat="DD.MM.YYYY"
            {...DATE_PICKER_A11Y}
          />
          <Button leftSection={<IconPrinter size={18} />} onClick={printNow} disabled={!register.data}>
            Tipărește (A4)
          </Button>
          {range.success ? (
            <Anchor href={registerCsvUrl(from, to, locationId)} download>
              <Group gap={4}>
                <IconDownload size={18} /> Export CSV
              </Group>
            </Anchor>
          ) : null}
        </Group>
        {range.success ? null : <Alert color="red">{range.error.issues[0]?.message}</Alert>}
        {register.error ? <Alert color="red">{register.error.message}</Alert> : null}
      </Stack>
      {register.data ? (
        <>
          <RegisterTable register={register.data} isStacking />
          {register.data.cycles.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              Niciun ciclu în acest interval.
            </Text>
          ) : null}
          <PrintArea format="a4">
            <div className="odonto-a4">
              <h2>
                Registru de sterilizare {formatInstrumentDate(from)} – {formatInstrumentDate(to)}
                {locationName ? ` · ${locationName}` : ''}
              </h2>
              <RegisterTable register={register.data} isStacking={false} />
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
    </Paper>
  );
}
