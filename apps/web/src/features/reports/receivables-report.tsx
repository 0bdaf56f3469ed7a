import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatLei } from '@odonto/domain/money';
import { formatCalendarDay } from '@odonto/domain/dates';
import { useReceivablesReport } from './api';
import { ReportLocationSelect, useReportLocations } from './report-location';
import { ExportButtons, ReportState } from './report-parts';

/**
 * The 'Creanțe' tab: the patients who owe, the oldest open charge first, a page at a time. `byLocation`
 * (the whole clinic's figures): in a clinic group, what is open of the charges made at one location.
 */
export function ReceivablesReportTab({ byLocation }: { byLocation: boolean }) {
  const [page, setPage] = useState(1);
  const [location, setLocation] = useState('');
  const report = useReceivablesReport(page, location);
  const groupLocations = useReportLocations();
  const locationChoices = byLocation ? groupLocations : null;
  const data = report.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          {locationChoices ? (
            <ReportLocationSelect
              choices={locationChoices}
              value={location}
              onChange={(next) => {
                setLocation(next);
                setPage(1);
              }}
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
