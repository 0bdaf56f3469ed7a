import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload, IconListSearch } from '@tabler/icons-react';
import { usePageTitle } from '../../ui/use-page-title';
import { useAuditList } from './api';
import { AuditFiltersPanel } from './audit-filters';
import { exportHref, toListQuery, useAuditParams } from './audit-params';
import { AuditTable } from './audit-table';
import { ListPager, type CountedNoun } from '../../ui/list-pager';

export const ENTRIES: CountedNoun = { singular: 'înregistrare', plural: 'înregistrări' };

function EmptyState({ isPastLastPage, onFirstPage }: { isPastLastPage: boolean; onFirstPage: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl" c="dimmed">
      <IconListSearch size={36} stroke={1.4} aria-hidden />
      <Text>
        {isPastLastPage ? 'Pagina cerută nu mai există.' : 'Nicio înregistrare nu corespunde filtrelor.'}
      </Text>
      {isPastLastPage ? (
        <Button variant="light" onClick={onFirstPage}>
          Mergi la prima pagină
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * /audit (admins): who did what, when, from where and to which patient, 50 a page, newest first, with
 * the filters in the address — `/audit?patient=<_id>` answers a patient's "who looked at my file".
 */
export function AuditPage() {
  usePageTitle('Jurnal de audit');
  const { filters, page, setFilters, setPage, resetFilters } = useAuditParams();
  const list = useAuditList(toListQuery(filters, page));
  const data = list.data;
  const patientLabel = filters.patient ? (data?.patient?.label ?? null) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Jurnal de audit</Title>
          <Text c="dimmed" size="sm">
            Autentificări, vizualizări și modificări ale fișelor: cine, când, de unde și ce.
          </Text>
        </div>
        <Button
          component="a"
          href={exportHref(filters)}
          download
          variant="light"
          leftSection={<IconFileDownload size={18} />}
        >
          Exportă CSV
        </Button>
      </Group>
      <AuditFiltersPanel
        filters={filters}
        patientLabel={patientLabel}
        onChange={setFilters}
        onReset={resetFilters}
      />
      {filters.patient && data ? (
        <Alert variant="light" color="teal" title="Accesări ale fișei unui pacient">
          {data.patient
            ? `Sunt afișate doar înregistrările despre ${data.patient.label}.`
            : 'Pacientul din filtru nu există (a fost șters definitiv sau adresa este greșită).'}
        </Alert>
      ) : null}
      {list.isError && !data ? (
        <Alert color="red" title="Jurnalul nu a putut fi încărcat">
          {list.error.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        {data && data.rows.length === 0 ? (
          <EmptyState isPastLastPage={data.total > 0} onFirstPage={() => setPage(1)} />
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <AuditTable
              rows={list.isError && !data ? [] : data?.rows}
              onFilterPatient={filters.patient ? null : (patient) => setFilters({ patient })}
            />
          </div>
        )}
      </Paper>
      <ListPager paged={data} noun={ENTRIES} page={page} onPage={setPage} />
    </Stack>
  );
}
