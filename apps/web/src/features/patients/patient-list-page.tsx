import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PatientListItem } from '@odonto/domain/contracts/patients';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../ui/use-page-title';
import { usePatientList, useRestorePatient } from './api';
import { hasActiveFilters, toListQuery, usePatientListParams } from './list-params';
import { PatientFilters } from './patient-filters';
import { fullName } from './patient-screen';
import { PatientTable } from './patient-table';
import { ListPager, type CountedNoun } from '../../ui/list-pager';

export const PATIENTS: CountedNoun = { singular: 'pacient', plural: 'pacienți' };

interface EmptyStateProps {
  isFiltered: boolean;
  isDeletedList: boolean;
  isPastLastPage: boolean;
  onFirstPage: () => void;
}

function EmptyState({ isFiltered, isDeletedList, isPastLastPage, onFirstPage }: EmptyStateProps) {
  if (isPastLastPage) {
    return (
      <Stack align="center" gap="xs" py="xl" c="dimmed">
        <Text>Pagina cerută nu mai există.</Text>
        <Button variant="light" onClick={onFirstPage}>
          Mergi la prima pagină
        </Button>
      </Stack>
    );
  }
  const text = isDeletedList
    ? 'Nu există pacienți șterși.'
    : isFiltered
      ? 'Niciun pacient nu corespunde căutării. Încercați alți termeni sau resetați filtrele.'
      : 'Nu există încă pacienți. Adăugați primul pacient cu butonul „Pacient nou”.';
  return (
    <Stack align="center" gap="xs" py="xl" c="dimmed">
      <IconUsers size={36} stroke={1.4} aria-hidden />
      <Text>{text}</Text>
    </Stack>
  );
}

/** /pacienti: the patients, 10 a page, newest first, with search and filters kept in the address. */
export function PatientListPage() {
  usePageTitle('Pacienți');
  const { userCtx } = useCurrentUser();
  const { filters, page, setFilters, setPage, resetFilters } = usePatientListParams();
  const canRestore = can(userCtx.roles, 'restore:patient');
  const isDeletedList = filters.deleted && canRestore;
  const list = usePatientList(toListQuery({ ...filters, deleted: isDeletedList }, page));
  const restorePatient = useRestorePatient();
  const data = list.data;

  function handleRestore(patient: PatientListItem) {
    restorePatient.mutate(patient._id, {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: `Pacientul ${fullName(patient)} a fost restaurat.` }),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{isDeletedList ? 'Pacienți șterși' : 'Pacienți'}</Title>
        <Button component={Link} to="/pacienti/add" leftSection={<IconUserPlus size={18} />}>
          Pacient nou
        </Button>
      </Group>
      <PatientFilters
        filters={filters}
        onChange={setFilters}
        onReset={resetFilters}
        canSeeDeleted={canRestore}
      />
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        {data && data.pacienti.length === 0 ? (
          <EmptyState
            isFiltered={hasActiveFilters(filters)}
            isDeletedList={isDeletedList}
            isPastLastPage={data.total > 0}
            onFirstPage={() => setPage(1)}
          />
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <PatientTable
              patients={list.isError && !data ? [] : data?.pacienti}
              isDeletedList={isDeletedList}
              onRestore={handleRestore}
              restoringId={restorePatient.isPending ? (restorePatient.variables ?? null) : null}
            />
          </div>
        )}
      </Paper>
      <ListPager paged={data} noun={PATIENTS} page={page} onPage={setPage} />
    </Stack>
  );
}
