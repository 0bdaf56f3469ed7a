import type { KeyboardEvent, ReactNode } from 'react';
import { Button, Skeleton, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRestore } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PATIENT_PAGE_SIZE, type PatientListItem } from '@odonto/domain/contracts/patients';
import { formatBreadcrumbDate } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import { BlockedBadge } from './blocked-badge';
import { fullName } from './patient-screen';
import { sectionPath } from './side-menu-items';
import classes from './patient-table.module.css';

const COLUMNS = [
  'Nr. fișă',
  'Nume',
  'Prenume',
  'Telefon',
  'Oraș / Județ',
  'Medic',
  'Creat',
  'Plan deschis',
  'Stare',
];
/**
 * An upright tablet (below the app shell's 62em menu breakpoint): name, phone and the row's action stay in
 * view; the other columns become a line under the name instead of a sideways scroll (issue 19).
 */
const COMPACT_COLUMNS = ['Nr. fișă', 'Pacient', 'Telefon', 'Stare'];
const COMPACT_SCREEN = '(max-width: 61.99em)';

/** What is left to do of the patient's accepted plans, or nothing when there is none. */
export function openPlanText(planOpenBani: number): string {
  return planOpenBani > 0 ? formatLei(planOpenBani) : '';
}

/** 'Brașov, Brașov' — or the country for a patient from abroad. */
export function placeText(item: Pick<PatientListItem, 'oras' | 'judet' | 'tara'>): string {
  const parts = [item.oras, item.judet].filter((part) => part !== '');
  if (item.tara && item.tara !== 'România') parts.push(item.tara);
  return parts.join(', ');
}

export interface PatientTableProps {
  patients: PatientListItem[] | undefined;
  /** The deleted patients' list: rows do not open, each offers 'Restaurează'. */
  isDeletedList: boolean;
  onRestore: (patient: PatientListItem) => void;
  restoringId: string | null;
}

function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: PATIENT_PAGE_SIZE }, (_, row) => (
    <Table.Tr key={row} aria-hidden>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/**
 * The columns the compact row folds under the name: 'Ploiești, Prahova · Medic: Dr. Mihai Ionescu · Creat:
 * 23 nov. 2026 · Plan deschis: 1.250,00 lei' (the place speaks for itself; the rest is labelled).
 */
export function compactDetails(patient: PatientListItem): string {
  const details: [string, string][] = [
    ['Medic', patient.medic],
    ['Creat', formatBreadcrumbDate(patient.createdAt)],
    ['Plan deschis', openPlanText(patient.planOpenBani)],
  ];
  return [
    placeText(patient),
    ...details.filter(([, value]) => value !== '').map(([label, value]) => `${label}: ${value}`),
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

function WideCells({ patient }: { patient: PatientListItem }) {
  return (
    <>
      <Table.Td fw={600}>{patient.nume}</Table.Td>
      <Table.Td>{patient.prenume}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{patient.telefon}</Table.Td>
      <Table.Td>{placeText(patient)}</Table.Td>
      <Table.Td>{patient.medic}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBreadcrumbDate(patient.createdAt)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }} data-testid="plan-open">
        {openPlanText(patient.planOpenBani)}
      </Table.Td>
    </>
  );
}

function CompactCells({ patient }: { patient: PatientListItem }) {
  return (
    <>
      <Table.Td>
        <Text size="sm" fw={600}>
          {fullName(patient)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="patient-details">
          {compactDetails(patient)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{patient.telefon}</Table.Td>
    </>
  );
}

/** The patient list's table: a row opens the patient's history screen (click, Enter or Space). */
export function PatientTable({ patients, isDeletedList, onRestore, restoringId }: PatientTableProps) {
  const navigate = useNavigate();
  const isCompact = useMediaQuery(COMPACT_SCREEN, false, { getInitialValueInEffect: false });
  const shown = isCompact ? COMPACT_COLUMNS : COLUMNS;
  const columns = isDeletedList ? [...shown, ''] : shown;

  function handleOpen(patient: PatientListItem) {
    void navigate(sectionPath('history', patient._id));
  }

  function handleRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, patient: PatientListItem) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handleOpen(patient);
    }
  }

  function restoreCell(patient: PatientListItem): ReactNode {
    return (
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRestore size={14} />}
          onClick={() => onRestore(patient)}
          loading={restoringId === patient._id}
          aria-label={`Restaurează ${fullName(patient)}`}
        >
          Restaurează
        </Button>
      </Table.Td>
    );
  }

  return (
    <Table.ScrollContainer minWidth={isCompact ? 0 : 960}>
      <Table
        verticalSpacing="sm"
        highlightOnHover={!isDeletedList}
        aria-label="Lista pacienților"
        aria-busy={!patients}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {patients === undefined ? (
            <SkeletonRows columns={columns.length} />
          ) : (
            patients.map((patient) => (
              <Table.Tr
                key={patient._id}
                className={isDeletedList ? undefined : classes.row}
                tabIndex={isDeletedList ? undefined : 0}
                aria-label={isDeletedList ? undefined : `Fișa nr. ${patient.id}: ${fullName(patient)}`}
                onClick={isDeletedList ? undefined : () => handleOpen(patient)}
                onKeyDown={isDeletedList ? undefined : (event) => handleRowKeyDown(event, patient)}
              >
                <Table.Td>
                  <Text size="sm" c="dimmed" ff="monospace">
                    {patient.id}
                  </Text>
                </Table.Td>
                {isCompact ? <CompactCells patient={patient} /> : <WideCells patient={patient} />}
                <Table.Td>{patient.blocked ? <BlockedBadge /> : null}</Table.Td>
                {isDeletedList ? restoreCell(patient) : null}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
