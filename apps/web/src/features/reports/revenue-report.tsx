import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toIsoDay } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import { isMonth } from '@odonto/domain/reports';
import { useRevenueReport } from './api';
import { ExportButtons, monthOfDay, ReportState } from './report-parts';

const lei = (bani: number) => bani / 100;

/** The 'Venituri' tab: a month's charges and payments per location and doctor, as bars and a table. */
export function RevenueReportTab() {
  const [month, setMonth] = useState(() => monthOfDay(toIsoDay(new Date())));
  const validMonth = isMonth(month) ? month : monthOfDay(toIsoDay(new Date()));
  const report = useRevenueReport(validMonth);
  const data = report.data;
  const chart = (data?.lines ?? []).map((line) => ({
    medic: data && data.locations.length > 1 ? `${line.doctorName} (${line.locationName})` : line.doctorName,
    'Taxe nete': lei(line.netChargedBani),
    Încasat: lei(line.paidBani),
  }));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="month"
          label="Luna"
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
        />
        <ExportButtons report="venituri" params={{ luna: validMonth }} />
      </Group>
      <ReportState error={report.error} isLoading={report.isLoading} />
      {data ? (
        <>
          {chart.length > 0 ? (
            <BarChart
              h={260}
              data={chart}
              dataKey="medic"
              series={[
                { name: 'Taxe nete', color: 'blue.6' },
                { name: 'Încasat', color: 'teal.6' },
              ]}
              valueFormatter={(value) => formatLei(Math.round(value * 100))}
              withLegend
              // A labelled chart is a figure: a div without a role may not carry a label (aria-prohibited-attr).
              role="figure"
              aria-label="Venituri pe medici"
            />
          ) : null}
          <Table aria-label="Venituri pe locații și medici" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Locația</Table.Th>
                <Table.Th>Medic</Table.Th>
                <Table.Th ta="right">Taxe</Table.Th>
                <Table.Th ta="right">Stornări</Table.Th>
                <Table.Th ta="right">Taxe nete</Table.Th>
                <Table.Th ta="right">Încasat</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={`${line.locationId ?? ''}|${line.doctorId ?? ''}`}>
                  <Table.Td>{line.locationName}</Table.Td>
                  <Table.Td>{line.doctorName}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.chargedBani)}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.reversedBani)}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.netChargedBani)}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.paidBani)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                <Table.Th ta="right">{formatLei(data.totals.chargedBani)}</Table.Th>
                <Table.Th ta="right">{formatLei(data.totals.reversedBani)}</Table.Th>
                <Table.Th ta="right">{formatLei(data.totals.netChargedBani)}</Table.Th>
                <Table.Th ta="right">{formatLei(data.totals.paidBani)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}
