import { ActionIcon, Badge, Group, Paper, ScrollArea, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEdit, IconFlame, IconHistory, IconPrinter, IconSearch, IconTrash } from '@tabler/icons-react';
import {
  INSTRUMENT_STATUS_LABELS,
  type Instrument,
  type InstrumentStatus,
} from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate } from '@odonto/domain/dates';
import { PACKAGING_LABELS } from '@odonto/domain/sterilisation';

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

/** The instruments with their last sterilisation; big row actions (used with gloves). */
export function InstrumentList(props: InstrumentListProps) {
  const { instruments, canWrite } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <TextInput
        size="lg"
        label="Caută instrument"
        placeholder="Începutul numelui sau ID sterilizare"
        leftSection={<IconSearch />}
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
        mb="md"
      />
      <ScrollArea.Autosize mah="65vh">
        <Table highlightOnHover verticalSpacing="sm" fz="md" aria-label="Instrumente">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Instrument</Table.Th>
              <Table.Th>ID sterilizare</Table.Th>
              <Table.Th>Valabil până la</Table.Th>
              <Table.Th aria-label="Acțiuni" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {instruments?.map((instrument) => (
              <Table.Tr key={instrument._id}>
                <Table.Td>
                  <Text fw={600}>{instrument.name}</Text>
                  <Group gap="xs" mt={4}>
                    <Badge
                      size="md"
                      variant="light"
                      color={STATUS_COLORS[instrument.status]}
                      miw="max-content"
                    >
                      {INSTRUMENT_STATUS_LABELS[instrument.status]}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {PACKAGING_LABELS[instrument.packaging]}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{instrument.id_sterilizare ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {instrument.useBy === null ? '—' : formatInstrumentDate(instrument.useBy)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
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
                    <RowAction
                      label={`Istoric ${instrument.name}`}
                      onClick={() => props.onHistory(instrument)}
                    >
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
                  </Group>
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
      </ScrollArea.Autosize>
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
