import { ActionIcon, Anchor, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatAuditTime, type AuditRow } from '@odonto/domain/contracts/audit';

const COLUMNS = ['Data și ora', 'Utilizator', 'Adresă IP', 'Acțiune', 'Pacient', 'Detalii'];

export interface AuditTableProps {
  rows: AuditRow[] | undefined;
  /** Narrows the list to one patient's rows (hidden when it already is). */
  onFilterPatient: ((patientId: string) => void) | null;
}

function SkeletonRows() {
  return Array.from({ length: 8 }, (_, row) => (
    <Table.Tr key={row} aria-hidden>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

function UserCell({ row }: { row: AuditRow }) {
  if (!row.userName && !row.userEmail) return <Text c="dimmed">Sistem</Text>;
  return (
    <>
      <Text size="sm" fw={600}>
        {row.userName ?? row.userEmail}
      </Text>
      {row.userName && row.userEmail ? (
        <Text size="xs" c="dimmed">
          {row.userEmail}
        </Text>
      ) : null}
    </>
  );
}

function PatientCell({ row, onFilter }: { row: AuditRow; onFilter: AuditTableProps['onFilterPatient'] }) {
  const { patientId, patientName } = row;
  if (!patientId) return null;
  if (!patientName) {
    // The row outlived the patient's record: the id is all that is left to name it.
    return (
      <Text size="xs" c="dimmed" ff="monospace">
        {patientId}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor component={Link} to={`/pacienti/history/${encodeURIComponent(patientId)}`} size="sm">
        {patientName}
      </Anchor>
      {onFilter ? (
        <Tooltip label="Doar acest pacient" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Filtrează după ${patientName}`}
            onClick={() => onFilter(patientId)}
          >
            <IconFilter size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** The audit rows, newest first: who, when, from where, what, which patient and the details. */
export function AuditTable({ rows, onFilterPatient }: AuditTableProps) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" striped aria-label="Jurnal de audit" aria-busy={!rows}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined ? (
            <SkeletonRows />
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {formatAuditTime(row.at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <UserCell row={row} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {row.ip ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{row.actionLabel}</Table.Td>
                <Table.Td>
                  <PatientCell row={row} onFilter={onFilterPatient} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {row.detailsText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
