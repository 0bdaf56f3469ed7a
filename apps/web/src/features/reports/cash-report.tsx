import { Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import type { CashReport as CashReportAnswer } from '@odonto/domain/contracts/reports';
import { formatCalendarDay, toIsoDay } from '@odonto/domain/dates';
import { PAYMENT_METHOD_LABELS } from '@odonto/domain/ledger';
import { formatLei } from '@odonto/domain/money';
import { clinicClock, isCalendarDay } from '@odonto/domain/reports';
import { printSheet } from '../print/print-store';
import { useClinic } from '../settings/api';
import { useCashReport } from './api';
import { CashReportSheet } from './cash-report-sheet';
import { ReportLocationSelect, useReportLocations } from './report-location';
import { ExportButtons, Figure, ReportState } from './report-parts';

/** The opening and closing cash, and what came in and went out on the day. */
export function CashFigures({ report }: { report: CashReportAnswer }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Figure label="Sold inițial numerar" bani={report.openingBani} />
      <Figure label="Încasări numerar" bani={report.cashInBani} />
      <Figure label="Plăți numerar (rambursări)" bani={report.cashOutBani} />
      <Figure label="Sold final numerar" bani={report.closingBani} />
    </SimpleGrid>
  );
}

export function CashMethodsTable({ report }: { report: CashReportAnswer }) {
  return (
    <Table aria-label="Pe moduri de plată" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Mod de plată</Table.Th>
          <Table.Th ta="right">Nr. plăți</Table.Th>
          <Table.Th ta="right">Încasări</Table.Th>
          <Table.Th ta="right">Rambursări</Table.Th>
          <Table.Th ta="right">Net</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.methods.map((line) => (
          <Table.Tr key={line.method}>
            <Table.Td>{PAYMENT_METHOD_LABELS[line.method]}</Table.Td>
            <Table.Td ta="right">{line.count}</Table.Td>
            <Table.Td ta="right">{formatLei(line.receiptsBani)}</Table.Td>
            <Table.Td ta="right">{formatLei(line.refundsBani)}</Table.Td>
            <Table.Td ta="right">{formatLei(line.netBani)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CashUsersTable({ report }: { report: CashReportAnswer }) {
  return (
    <Table aria-label="Pe utilizatori" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Utilizator</Table.Th>
          <Table.Th ta="right">Nr. plăți</Table.Th>
          <Table.Th ta="right">Încasări</Table.Th>
          <Table.Th ta="right">Rambursări</Table.Th>
          <Table.Th ta="right">Numerar de predat</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.users.map((line) => (
          <Table.Tr key={line.userId ?? ''}>
            <Table.Td>{line.userName}</Table.Td>
            <Table.Td ta="right">{line.count}</Table.Td>
            <Table.Td ta="right">{formatLei(line.receiptsBani)}</Table.Td>
            <Table.Td ta="right">{formatLei(line.refundsBani)}</Table.Td>
            <Table.Td ta="right">{formatLei(line.cashNetBani)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CashPaymentsTable({ report }: { report: CashReportAnswer }) {
  if (report.payments.length === 0) return <Text c="dimmed">Nicio plată în această zi.</Text>;
  return (
    <Table aria-label="Plățile zilei" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Ora</Table.Th>
          <Table.Th>Pacient</Table.Th>
          <Table.Th>Mod de plată</Table.Th>
          <Table.Th ta="right">Suma</Table.Th>
          <Table.Th>Chitanța</Table.Th>
          <Table.Th>Utilizator</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.payments.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{clinicClock(line.createdAt)}</Table.Td>
            <Table.Td>
              {line.patientName}{' '}
              <Text span size="xs" c="dimmed">
                (fișa {line.fileNumber})
              </Text>
            </Table.Td>
            <Table.Td>
              {PAYMENT_METHOD_LABELS[line.method]}
              {line.kind === 'încasare' ? '' : ` — ${line.kind}`}
            </Table.Td>
            <Table.Td ta="right">{formatLei(line.amountBani)}</Table.Td>
            <Table.Td>{line.receipt ?? '—'}</Table.Td>
            <Table.Td>{line.userName}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The 'Registru de casă' tab: a day (today first), a user filter, the figures, export and an A4 print. */
export function CashReportTab() {
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  const [user, setUser] = useState('');
  const [location, setLocation] = useState('');
  const validDay = isCalendarDay(day) ? day : toIsoDay(new Date());
  const report = useCashReport(validDay, user, location);
  const everyone = useCashReport(validDay, '');
  // A clinic group's locations (issue 14): the cash desk of one of them; a single-location clinic sees none.
  const locationChoices = useReportLocations();
  const locationName = locationChoices?.find((choice) => choice.value === location)?.label;
  const clinic = useClinic();
  const data = report.data;
  const userOptions = (everyone.data?.users ?? [])
    .filter((line) => line.userId !== null)
    .map((line) => ({ value: line.userId ?? '', label: line.userName }));

  function handlePrint() {
    if (!data || !clinic.data) return;
    printSheet(
      'cash-report',
      <CashReportSheet
        report={data}
        clinic={clinic.data}
        printedAt={new Date().toISOString()}
        locationName={locationName}
        locationId={location || null}
      />,
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            type="date"
            label="Ziua"
            value={day}
            max={toIsoDay(new Date())}
            onChange={(event) => setDay(event.currentTarget.value)}
          />
          {data?.scope === 'all' ? (
            <Select
              label="Utilizator"
              placeholder="Toți utilizatorii"
              data={userOptions}
              value={user || null}
              onChange={(value) => setUser(value ?? '')}
              clearable
            />
          ) : null}
          {locationChoices ? (
            <ReportLocationSelect choices={locationChoices} value={location} onChange={setLocation} />
          ) : null}
        </Group>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconPrinter size={16} />}
            onClick={handlePrint}
            disabled={!data || !clinic.data}
          >
            Tipărește registrul
          </Button>
          <ExportButtons report="casa" params={{ zi: validDay, user, sediu: location }} />
        </Group>
      </Group>
      <ReportState error={report.error} isLoading={report.isLoading} />
      {data ? (
        <Stack gap="md">
          {data.scope === 'own' ? (
            <Text size="sm" c="dimmed">
              Sunt incluse doar plățile încasate de dumneavoastră.
            </Text>
          ) : null}
          <Title order={2} fz="lg">
            Registru de casă — {formatCalendarDay(data.day)}
            {locationName ? ` · ${locationName}` : ''}
          </Title>
          <CashFigures report={data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <CashMethodsTable report={data} />
            <CashUsersTable report={data} />
          </SimpleGrid>
          <CashPaymentsTable report={data} />
        </Stack>
      ) : null}
    </Stack>
  );
}
