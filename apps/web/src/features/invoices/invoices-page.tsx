import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { EFACTURA_STATE_FILTERS, EFACTURA_STATE_LABELS } from '@odonto/domain/contracts/invoices';
import { formatLei } from '@odonto/domain/money';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { ListPager, type CountedNoun } from '../../ui/list-pager';
import { usePageTitle } from '../../ui/use-page-title';
import { invoiceFileUrl, useInvoices, type InvoiceFilters } from './api';
import { EfacturaBadge } from './efactura-state';
import { InvoiceSeriesSettings } from './invoice-series-settings';
import { InvoiceView } from './invoice-view';
import { formatCalendarDay } from '@odonto/domain/dates';

const INVOICES: CountedNoun = { singular: 'factură', plural: 'facturi' };
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** /facturi: every invoice and credit note with its e-Factura state; the month's ZIP for the accountant. */
export function InvoicesPage() {
  usePageTitle('Facturi');
  const { roles } = useCurrentUser().userCtx;
  const [filters, setFilters] = useState<InvoiceFilters>({ page: 1 });
  const [month, setMonth] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const invoices = useInvoices(filters);
  const isAdmin = can(roles, 'manage:efactura');

  function handleMonth(value: string) {
    setMonth(value);
    if (value === '' || MONTH.test(value))
      setFilters((current) => ({ ...current, luna: value || undefined, page: 1 }));
  }

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>Facturi</Title>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Luna"
          placeholder="AAAA-LL"
          value={month}
          onChange={(event) => handleMonth(event.currentTarget.value.trim())}
          error={month !== '' && !MONTH.test(month) ? 'Luna nu este validă (AAAA-LL).' : undefined}
          w={140}
        />
        <TextInput
          label="Seria"
          value={filters.serie ?? ''}
          onChange={(event) =>
            setFilters((current) => ({
              ...current,
              serie: event.currentTarget.value.toUpperCase() || undefined,
              page: 1,
            }))
          }
          w={120}
        />
        <Select
          label="Stare e-Factura"
          clearable
          data={EFACTURA_STATE_FILTERS.map((state) => ({
            value: state,
            label: EFACTURA_STATE_LABELS[state] ?? state,
          }))}
          value={filters.stare ?? null}
          onChange={(value) => setFilters((current) => ({ ...current, stare: value ?? undefined, page: 1 }))}
          w={240}
        />
        {isAdmin && filters.luna ? (
          <Button
            component="a"
            href={invoiceFileUrl.month(filters.luna)}
            variant="light"
            leftSection={<IconFileZip size={16} />}
          >
            Descarcă luna (ZIP)
          </Button>
        ) : null}
      </Group>
      {invoices.isError ? <Alert color="red">{invoices.error.message}</Alert> : null}
      {invoices.data ? (
        invoices.data.items.length === 0 ? (
          <Text c="dimmed">
            {invoices.data.total > 0 ? 'Pagina cerută nu mai există.' : 'Nu există facturi.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label="Facturi">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Număr</Table.Th>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Pacient</Table.Th>
                  <Table.Th>Cumpărător</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>RO e-Factura</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(item.id)}>
                        {item.kind === 'credit-note' ? `Storno ${item.fullNumber}` : item.fullNumber}
                      </Button>
                      {item.reversedBy ? (
                        <Text size="xs" c="orange">
                          stornată ({item.reversedBy.fullNumber})
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatCalendarDay(item.issueDate)}</Table.Td>
                    <Table.Td>{item.patientName}</Table.Td>
                    <Table.Td>{item.buyerName}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatLei(item.totalBani)}
                    </Table.Td>
                    <Table.Td>
                      <EfacturaBadge state={item.efacturaState} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : (
        <Skeleton h={200} />
      )}
      {invoices.data && invoices.data.total > 0 ? (
        <ListPager
          paged={invoices.data}
          noun={INVOICES}
          page={filters.page}
          onPage={(page) => setFilters((current) => ({ ...current, page }))}
        />
      ) : null}
      {can(roles, 'manage:settings') ? (
        <Paper withBorder p="md" radius="md">
          <InvoiceSeriesSettings />
        </Paper>
      ) : null}
      {openId ? <InvoiceView id={openId} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}
