import { Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatCalendarDay, toIsoDay } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import { isMonth } from '@odonto/domain/reports';
import { useCommissionsReport } from './api';
import { CommissionRates } from './commission-rates';
import { ReportLocationSelect, useReportLocations } from './report-location';
import { ExportButtons, monthOfDay, ReportState } from './report-parts';

/** The 'Comisioane' tab: a month's commissions per doctor and the payments behind them; rates for admins. */
export function CommissionsReportTab({ canSetRates }: { canSetRates: boolean }) {
  const [month, setMonth] = useState(() => monthOfDay(toIsoDay(new Date())));
  const validMonth = isMonth(month) ? month : monthOfDay(toIsoDay(new Date()));
  const [location, setLocation] = useState('');
  const report = useCommissionsReport(validMonth, location);
  // A clinic group's locations (issue 14): the commissions on the work done at one of them.
  const locationChoices = useReportLocations();
  const data = report.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            type="month"
            label="Luna"
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
          />
          {locationChoices ? (
            <ReportLocationSelect choices={locationChoices} value={location} onChange={setLocation} />
          ) : null}
        </Group>
        <ExportButtons report="comisioane" params={{ luna: validMonth, sediu: location }} />
      </Group>
      <ReportState error={report.error} isLoading={report.isLoading} />
      {data ? (
        <>
          <Table aria-label="Comisioane pe medici" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Medic</Table.Th>
                <Table.Th ta="right">Nr. alocări</Table.Th>
                <Table.Th ta="right">Încasat</Table.Th>
                <Table.Th ta="right">Comision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.doctors.map((line) => (
                <Table.Tr key={line.doctorId}>
                  <Table.Td>{line.doctorName}</Table.Td>
                  <Table.Td ta="right">{line.count}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.allocatedBani)}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.commissionBani)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                <Table.Th ta="right">{formatLei(data.totals.allocatedBani)}</Table.Th>
                <Table.Th ta="right">{formatLei(data.totals.commissionBani)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Title order={3} fz="md">
            Detaliu
          </Title>
          <Table aria-label="Detaliul comisioanelor" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Medic</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th>Pacient</Table.Th>
                <Table.Th>Lucrare</Table.Th>
                <Table.Th ta="right">Încasat</Table.Th>
                <Table.Th ta="right">Comision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={line.allocationId}>
                  <Table.Td>{line.doctorName}</Table.Td>
                  <Table.Td>{formatCalendarDay(toIsoDay(line.createdAt))}</Table.Td>
                  <Table.Td>{line.patientName}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.allocatedBani)}</Table.Td>
                  <Table.Td ta="right">{formatLei(line.commissionBani)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
      {canSetRates ? <CommissionRates /> : null}
    </Stack>
  );
}
