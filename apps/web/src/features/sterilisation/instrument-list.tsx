import { ActionIcon, Badge, Group, Paper, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconFlame, IconHistory, IconPrinter, IconSearch, IconTrash } from '@tabler/icons-react';
import {
  INSTRUMENT_STATUS_LABELS,
  type Instrument,
  type InstrumentStatus,
} from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate } from '@odonto/domain/dates';
import { PACKAGING_LABELS } from '@odonto/domain/sterilisation';
import classes from './sterilisation.module.css';

const STATUS_COLORS: Record<InstrumentStatus, string> = {
  nesterilizat: 'gray',
  disponibil: 'teal',
  folosit: 'blue',
  expirat: 'orange',
  neconform: 'red',
};

export interface InstrumentListProps {
  instruments: readonly Instrument[] | undefined;
  search: string;
  onSearch: (text: string) => void;
  /** A sterilisation id typed or scanned into the search field (digits, then Enter). */
  onFindId: (id: number) => void;
  canWrite: boolean;
  onSterilise: (instrument: Instrument) => void;
  onEdit: (instrument: Instrument) => void;
  onHistory: (instrument: Instrument) => void;
  onLabel: (instrument: Instrument) => void;
  onDelete: (instrument: Instrument) => void;
}

function validUntilText(instrument: Instrument): string {
  return instrument.useBy === null ? '—' : formatInstrumentDate(instrument.useBy);
}

/**
 * The instruments with their last sterilisation, as the patient list shows its patients; row actions are
 * 44 px (a finger, with gloves). In a narrow box the id and use-by date move under the name.
 */
export function InstrumentList(props: InstrumentListProps) {
  const { instruments, canWrite } = props;
  return (
    <Paper withBorder radius="md" p={0} className={`${classes.section} ${classes.box}`}>
      <Group justify="space-between" align="flex-end" gap="sm" className={classes.sectionHeader}>
        <Title order={2} fz="md" c="teal.9">
          Instrumente
        </Title>
        <TextInput
          label="Caută instrument"
          placeholder="Începutul numelui sau ID sterilizare"
          leftSection={<IconSearch size={16} />}
          value={props.search}
          onChange={(event) => props.onSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            const text = event.currentTarget.value.trim();
            if (event.key !== 'Enter' || !/^\d+$/.test(text)) return;
            event.preventDefault();
            const id = Number(text);
            props.onSearch('');
            if (Number.isSafeInteger(id) && id > 0) props.onFindId(id);
          }}
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Instrumente">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Instrument</Table.Th>
            <Table.Th className={classes.wideOnly}>ID sterilizare</Table.Th>
            <Table.Th className={classes.wideOnly}>Valabil până la</Table.Th>
            <Table.Th aria-label="Acțiuni" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {instruments?.map((instrument) => (
            <Table.Tr key={instrument._id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {instrument.name}
                </Text>
                <Group gap="xs" mt={4}>
                  <Badge variant="light" color={STATUS_COLORS[instrument.status]} miw="max-content">
                    {INSTRUMENT_STATUS_LABELS[instrument.status]}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {PACKAGING_LABELS[instrument.packaging]}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mt={4} className={classes.narrowOnly}>
                  ID {instrument.id_sterilizare ?? '—'} · valabil până la {validUntilText(instrument)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.wideOnly}>{instrument.id_sterilizare ?? '—'}</Table.Td>
              <Table.Td className={classes.wideOnly} style={{ whiteSpace: 'nowrap' }}>
                {validUntilText(instrument)}
              </Table.Td>
              <Table.Td>
                <div className={classes.actions}>
                  {canWrite ? (
                    <RowAction
                      label={`Sterilizează ${instrument.name}`}
                      onClick={() => props.onSterilise(instrument)}
                    >
                      <IconFlame />
                    </RowAction>
                  ) : null}
                  {instrument.cycleId !== null ? (
                    <RowAction
                      label={`Etichetă ${instrument.name}`}
                      onClick={() => props.onLabel(instrument)}
                    >
                      <IconPrinter />
                    </RowAction>
                  ) : null}
                  <RowAction label={`Istoric ${instrument.name}`} onClick={() => props.onHistory(instrument)}>
                    <IconHistory />
                  </RowAction>
                  {canWrite ? (
                    <>
                      <RowAction
                        label={`Editează ${instrument.name}`}
                        onClick={() => props.onEdit(instrument)}
                      >
                        <IconEdit />
                      </RowAction>
                      <RowAction
                        label={`Șterge ${instrument.name}`}
                        color="red"
                        onClick={() => props.onDelete(instrument)}
                      >
                        <IconTrash />
                      </RowAction>
                    </>
                  ) : null}
                </div>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {instruments?.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          Niciun instrument.
        </Text>
      ) : null}
    </Paper>
  );
}

function RowAction(props: { label: string; color?: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon
        size={44}
        variant="light"
        color={props.color}
        aria-label={props.label}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}
