import { Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isClinicGroup, openLocations } from '@odonto/domain/contracts/locations';
import { formatLei } from '@odonto/domain/money';
import { formatCalendarDay } from '@odonto/domain/dates';
import { useLocations } from '../locations/api';
import { useReceivablesReport } from './api';
import { ExportButtons, ReportState } from './report-parts';

/**
 * The 'Creanțe' tab: the patients who owe, the oldest open charge first, a page at a time. `byLocation`
 * (the whole clinic's figures): in a clinic group, what is open of the charges made at one location.
 */
export function ReceivablesReportTab({ byLocation }: { byLocation: boolean }) {
  const [page, setPage] = useState(1);
  const [location, setLocation] = useState('');
  const report = useReceivablesReport(page, location);
  const locations = useLocations().data;
  const locationChoices =
    byLocation && locations && isClinicGroup(locations.locations)
      ? openLocations(locations.locations).map((place) => ({ value: place.id, label: place.name }))
      : null;
  const data = report.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          {locationChoices ? (
            <Select
              label="Sediu"
              placeholder="Toate sediile"
              data={locationChoices}
              value={location || null}
              onChange={(value) => {
                setLocation(value ?? '');
                setPage(1);
              }}
              clearable
            />
          ) : null}
          <Text>
            {data
              ? `${data.total} pacienți cu sold de plată${data.location ? ` la ${data.location.name}` : ''}, în total ${formatLei(data.totalDueBani)}`
              : ''}
          </Text>
        </Group>
        <ExportButtons report="creante" params={{ sediu: location }} />
      </Group>
      <ReportState error={report.error} isLoading={report.isLoading} />
      {data ? (
        <Table aria-label="Creanțe" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pacient</Table.Th>
              <Table.Th>Telefon</Table.Th>
              <Table.Th ta="right">De plată</Table.Th>
              <Table.Th>Cea mai veche taxă</Table.Th>
              <Table.Th ta="right">Zile</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line) => (
              <Table.Tr key={line.patientId}>
                <Table.Td>
                  <Link to={`/pacienti/cont/${line.patientId}`}>{line.patientName}</Link>
                </Table.Td>
                <Table.Td>{line.telefon || '—'}</Table.Td>
                <Table.Td ta="right">{formatLei(line.dueBani)}</Table.Td>
                <Table.Td>{formatCalendarDay(line.oldestOpenDay)}</Table.Td>
                <Table.Td ta="right">{line.daysOverdue}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {pages > 1 ? (
        <Pagination total={pages} value={page} onChange={setPage} aria-label="Paginile creanțelor" />
      ) : null}
    </Stack>
  );
}
