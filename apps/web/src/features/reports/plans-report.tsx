import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toIsoDay } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import { formatReportMonth, isMonth, MAX_REPORT_MONTHS, monthsBetween } from '@odonto/domain/reports';
import { usePlansReport } from './api';
import { ReportLocationSelect, useReportLocations } from './report-location';
import { ExportButtons, monthOfDay, ReportState } from './report-parts';

/** Six months back from `month`, for the default range. */
function monthsBefore(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) - count;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The 'Planuri de tratament' tab: per month, the plans accepted against the work done, per doctor. */
export function PlansReportTab() {
  const current = monthOfDay(toIsoDay(new Date()));
  const [from, setFrom] = useState(() => monthsBefore(current, 5));
  const [to, setTo] = useState(current);
  const isValid =
    isMonth(from) && isMonth(to) && from <= to && monthsBetween(from, to).length <= MAX_REPORT_MONTHS;
  const [location, setLocation] = useState('');
  const report = usePlansReport(isValid ? from : monthsBefore(current, 5), isValid ? to : current, location);
  // A clinic group's locations (issue 14): the plans accepted and the plan work done at one of them.
  const locationChoices = useReportLocations();
  const data = report.data;
  const chart = (data?.months ?? []).map((month) => ({
    luna: formatReportMonth(month.month),
    Acceptat: month.acceptedBani / 100,
    Efectuat: month.doneBani / 100,
  }));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            type="month"
            label="De la"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            type="month"
            label="Până la"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={
              isValid
                ? undefined
                : `Alegeți cel mult ${MAX_REPORT_MONTHS} de luni, de la o lună la una ulterioară.`
            }
          />
          {locationChoices ? (
            <ReportLocationSelect choices={locationChoices} value={location} onChange={setLocation} />
          ) : null}
        </Group>
        <ExportButtons report="planuri" params={{ de_la: from, pana_la: to, sediu: location }} />
      </Group>
      <ReportState error={report.error} isLoading={report.isLoading} />
      {data ? (
        <>
          <BarChart
            h={260}
            data={chart}
            dataKey="luna"
            series={[
              { name: 'Acceptat', color: 'blue.6' },
              { name: 'Efectuat', color: 'teal.6' },
            ]}
            valueFormatter={(value) => formatLei(Math.round(value * 100))}
            withLegend
            // A labelled chart is a figure: a div without a role may not carry a label (aria-prohibited-attr).
            role="figure"
            aria-label="Planuri acceptate și efectuate pe luni"
          />
          <Table aria-label="Planuri pe luni și medici" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Luna</Table.Th>
                <Table.Th>Medic</Table.Th>
                <Table.Th ta="right">Planuri acceptate</Table.Th>
                <Table.Th ta="right">Valoare acceptată</Table.Th>
                <Table.Th ta="right">Valoare efectuată</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={`${line.month}|${line.doctorId ?? ''}`}>
                  <Table.Td>{formatReportMonth(line.month)}</Table.Td>
                  <Table.Td>{line.doctorName}</Table.Td>
                  <Table.Td ta="right">{line.acceptedCount}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.acceptedBani)}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.doneBani)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}
