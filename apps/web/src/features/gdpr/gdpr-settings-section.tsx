import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDay, formatInstrumentDate } from '@odonto/domain/dates';
import { ListPager, type CountedNoun } from '../../ui/list-pager';
import { AnonymisePatientButton } from './anonymise-patient-button';
import { useRetentionReport } from './erasure-api';
import { RetentionSettingsForm } from './retention-settings';

const PATIENTS: CountedNoun = { singular: 'pacient', plural: 'pacienți' };

function RetentionReportTable() {
  const [page, setPage] = useState(1);
  const report = useRetentionReport(page);
  if (report.isError) return <Text c="red">Raportul nu a putut fi încărcat: {report.error.message}</Text>;
  if (!report.data) return <Skeleton h={120} />;
  const { total, pacienti, ani } = report.data;
  if (total === 0)
    return (
      <Alert color="teal" variant="light">
        Niciun pacient nu a depășit perioada de păstrare de {ani} {ani === 1 ? 'an' : 'ani'}.
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-label="Pacienți cu perioada de păstrare depășită">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fișa</Table.Th>
              <Table.Th>Pacient</Table.Th>
              <Table.Th>Ultima vizită</Table.Th>
              <Table.Th>Păstrare încheiată la</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pacienti.map((row) => (
              <Table.Tr key={row._id} data-testid="retention-row">
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/pacienti/${row._id}`}>
                      {row.nume} {row.prenume}
                    </Anchor>
                    {row.sters ? (
                      <Badge color="gray" variant="filled" radius="sm">
                        Șters
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{formatInstrumentDate(row.ultimaVizita)}</Table.Td>
                <Table.Td>{formatCalendarDay(row.sfarsitRetentie)}</Table.Td>
                <Table.Td>
                  <AnonymisePatientButton patient={row} size="xs" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPager paged={report.data} noun={PATIENTS} page={page} onPage={setPage} />
    </Stack>
  );
}

/**
 * Setări → Date personale (admins; issue 16, decision 0035): the retention period of patients' data and
 * the patients past it, each with the anonymise action.
 */
export function GdprSettingsSection() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="gdpr-retention-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="gdpr-retention-title">
            Păstrarea datelor pacienților (GDPR)
          </Title>
          <Text size="sm" c="dimmed">
            După perioada de păstrare, un pacient poate fi anonimizat: identitatea și fișierele lui se șterg,
            iar tratamentele și plățile rămân fără identitate. Facturile emise nu se modifică.
          </Text>
        </div>
        <RetentionSettingsForm />
        <Divider />
        <Title order={3} fz="md">
          Pacienți cu perioada de păstrare depășită
        </Title>
        <RetentionReportTable />
      </Stack>
    </Paper>
  );
}
