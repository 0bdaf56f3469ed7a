import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { Cycle, InstrumentUse } from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate, formatTreatmentDate } from '@odonto/domain/dates';
import { LOAD_STATUS_LABELS, RESULT_LABELS } from '@odonto/domain/sterilisation';
import { openModal } from '../../ui/modals';
import { traceCsvUrl, useCycleTrace, useRecordBiological } from './api';
import { PrintArea, printNow } from './print-area';
import { dateTime } from './sterilisation-format';
import classes from './sterilisation.module.css';

const STATUS_COLOR = { conform: 'teal', 'bi-in-asteptare': 'yellow', neconform: 'red' } as const;

/** A load: its parameters, pouches, labels, the biological result and the trace-back to patients. */
export function CycleView({
  cycleId,
  highlight,
  canWrite,
}: {
  cycleId: number;
  highlight?: number;
  canWrite: boolean;
}) {
  const trace = useCycleTrace(cycleId);
  const biological = useRecordBiological(cycleId);
  if (trace.error) return <Alert color="red">{trace.error.message}</Alert>;
  if (!trace.data) return <Text c="dimmed">Se încarcă…</Text>;
  const { cycle, uses } = trace.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="md" c="teal.9">
          Șarja {cycle.id}
        </Title>
        <Badge size="lg" color={STATUS_COLOR[cycle.status]}>
          {LOAD_STATUS_LABELS[cycle.status]}
        </Badge>
      </Group>
      <CycleFacts cycle={cycle} />
      <div className={classes.box}>
        <Table verticalSpacing="xs" aria-label="Pungi în șarjă" className={classes.stacked}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Instrument</Table.Th>
              <Table.Th>Valabil până la</Table.Th>
              <Table.Th>Folosit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cycle.items.map((item) => (
              <Table.Tr
                key={item.id_sterilizare}
                bg={item.id_sterilizare === highlight ? 'yellow.1' : undefined}
              >
                <Table.Td fw={700} data-label="ID">
                  {item.id_sterilizare}
                </Table.Td>
                <Table.Td data-label="Instrument">{item.name}</Table.Td>
                <Table.Td data-label="Valabil până la">{formatInstrumentDate(item.useBy)}</Table.Td>
                <Table.Td data-label="Folosit">
                  {item.used_at === null ? '—' : formatInstrumentDate(item.used_at)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Group>
        <Button
          leftSection={<IconPrinter size={18} />}
          onClick={() => openModal('print-sterilisation-id', { cycle })}
        >
          Tipărește etichetele
        </Button>
        {canWrite && cycle.biological === 'pending' ? (
          <>
            <Button
              color="teal"
              variant="light"
              loading={biological.isPending}
              onClick={() => biological.mutate('pass')}
            >
              BI conform
            </Button>
            <Button
              color="red"
              variant="light"
              loading={biological.isPending}
              onClick={() => biological.mutate('fail')}
            >
              BI neconform
            </Button>
          </>
        ) : null}
      </Group>
      {biological.error ? <Alert color="red">{biological.error.message}</Alert> : null}
      <TraceBack cycle={cycle} uses={uses} />
    </Stack>
  );
}

function CycleFacts({ cycle }: { cycle: Cycle }) {
  return (
    <Text>
      {dateTime(cycle.startedAt)} · {cycle.autoclave} · {cycle.programme} · {cycle.temperature} °C ·{' '}
      {String(cycle.pressure).replace('.', ',')} bar · {cycle.duration} min · integrator{' '}
      {cycle.integrator === 'pass' ? 'conform' : 'neconform'} · BI{' '}
      {RESULT_LABELS[cycle.biological].toLowerCase()} · operator {cycle.operator}
    </Text>
  );
}

/** On screen the table turns into cards in a narrow box (`isStacking`); printed it keeps its columns. */
function UsesTable({ uses, isStacking }: { uses: readonly InstrumentUse[]; isStacking: boolean }) {
  return (
    <Table
      verticalSpacing="xs"
      aria-label="Trasabilitate pacienți"
      className={isStacking ? classes.stacked : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Pacient</Table.Th>
          <Table.Th>Tratament</Table.Th>
          <Table.Th>Data</Table.Th>
          <Table.Th>Medic</Table.Th>
          <Table.Th>Instrument</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {uses.map((use) => (
          <Table.Tr key={use.id_sterilizare} c={use.recalled ? 'red.8' : undefined}>
            <Table.Td data-label="Pacient">
              {use.patient === null ? 'Pacient' : `${use.patient} (fișa nr. ${use.fileNumber ?? ''})`}
              {use.recalled ? ' — de informat' : ''}
            </Table.Td>
            <Table.Td data-label="Tratament">{use.denumire}</Table.Td>
            <Table.Td data-label="Data">{formatTreatmentDate(use.treatmentDate)}</Table.Td>
            <Table.Td data-label="Medic">{use.medic}</Table.Td>
            <Table.Td data-label="Instrument">
              {use.id_sterilizare} - {use.name} ({formatInstrumentDate(use.used_at)})
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Trace-back: the patients and treatments the load's pouches went to; printable and exportable. */
function TraceBack({ cycle, uses }: { cycle: Cycle; uses: readonly InstrumentUse[] }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="md" c="teal.9">
          Trasabilitate: pacienți
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} />}
            onClick={printNow}
            disabled={uses.length === 0}
          >
            Tipărește
          </Button>
          <Anchor href={traceCsvUrl(cycle.id)} download>
            <Group gap={4}>
              <IconDownload size={18} /> CSV
            </Group>
          </Anchor>
        </Group>
      </Group>
      {cycle.status === 'neconform' && uses.length > 0 ? (
        <Alert color="red">Șarja este neconformă: pacienții de mai jos trebuie informați.</Alert>
      ) : null}
      {uses.length === 0 ? (
        <Text c="dimmed">Nicio pungă din această șarjă nu a fost folosită.</Text>
      ) : (
        <div className={classes.box}>
          <UsesTable uses={uses} isStacking />
        </div>
      )}
      {uses.length > 0 ? (
        <PrintArea format="a4">
          <div className="odonto-a4">
            <h2>Trasabilitate șarja {cycle.id}</h2>
            <CycleFacts cycle={cycle} />
            <UsesTable uses={uses} isStacking={false} />
          </div>
        </PrintArea>
      ) : null}
    </Stack>
  );
}
