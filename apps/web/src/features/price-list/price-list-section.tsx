import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconDownload,
  IconEdit,
  IconFileUpload,
  IconHistory,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import type { PriceItem } from '@odonto/domain/contracts/price-list';
import { formatLei } from '@odonto/domain/money';
import { formatPriceDay, formatVatCategory, PRICE_UNIT_LABELS } from '@odonto/domain/price-list';
import { normalizeSearchText } from '@odonto/domain/text';
import { useCurrentUser } from '../../lib/current-user';
import { priceListExportUrl, useFullPriceList, useVatSettings } from './api';
import { canEditPriceList } from './price-list-access';
import { PriceHistory } from './price-history';
import { PriceImport } from './price-import';
import { PriceItemForm } from './price-item-form';
import { VatSettingsForm } from './vat-settings-form';

type Dialog =
  | { kind: 'new' }
  | { kind: 'edit'; item: PriceItem }
  | { kind: 'history'; item: PriceItem }
  | { kind: 'import' }
  | null;

/** The items matching the search (code or name, any case, with or without diacritics) and the group. */
export function filterPriceItems(
  items: readonly PriceItem[],
  filters: { query: string; group: string | null; isInactiveShown: boolean },
): PriceItem[] {
  const needle = normalizeSearchText(filters.query);
  return items.filter(
    (item) =>
      (filters.isInactiveShown || item.active) &&
      (filters.group === null || item.group === filters.group) &&
      (needle === '' || normalizeSearchText(`${item.code} ${item.name}`).includes(needle)),
  );
}

function PriceCell({ item }: { item: PriceItem }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={500}>
        {item.price ? formatLei(item.price.amountBani) : '—'}
      </Text>
      {item.nextPrice ? (
        <Text size="xs" c="blue">
          de la {formatPriceDay(item.nextPrice.validFrom)}: {formatLei(item.nextPrice.amountBani)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Settings → 'Listă de prețuri': the table with search and group filter; admins edit, others read. */
export function PriceListSection() {
  const { userCtx } = useCurrentUser();
  const canEdit = canEditPriceList(userCtx.roles);
  const list = useFullPriceList();
  const vat = useVatSettings();
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [isInactiveShown, setIsInactiveShown] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = useMemo(
    () => filterPriceItems(list.data?.items ?? [], { query, group, isInactiveShown }),
    [list.data, query, group, isInactiveShown],
  );
  const groups = list.data?.groups ?? [];
  const close = () => setDialog(null);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="price-list-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg" id="price-list-title">
              Listă de prețuri
            </Title>
            <Text size="sm" c="dimmed">
              Prețuri în lei, cu TVA inclus unde se aplică. Un preț nou se aplică de la o dată și nu schimbă
              planurile sau încasările de dinainte.
            </Text>
          </div>
          <Group gap="xs">
            <Button
              component="a"
              href={priceListExportUrl('csv')}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Export CSV
            </Button>
            <Button
              component="a"
              href={priceListExportUrl('xlsx')}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Export XLSX
            </Button>
            {canEdit ? (
              <>
                <Button
                  variant="light"
                  leftSection={<IconFileUpload size={16} />}
                  onClick={() => setDialog({ kind: 'import' })}
                >
                  Importă
                </Button>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'new' })}>
                  Articol nou
                </Button>
              </>
            ) : null}
          </Group>
        </Group>

        <Group gap="sm" align="flex-end">
          <TextInput
            label="Caută"
            placeholder="cod sau denumire"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Select
            label="Grupa"
            placeholder="Toate grupele"
            data={groups}
            value={group}
            onChange={setGroup}
            clearable
            searchable
          />
          <Checkbox
            mb={8}
            label="Arată și articolele inactive"
            checked={isInactiveShown}
            onChange={(event) => setIsInactiveShown(event.currentTarget.checked)}
          />
        </Group>

        {list.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            Lista de prețuri nu a putut fi încărcată.
          </Alert>
        ) : !list.data ? (
          <Skeleton h={240} />
        ) : (
          <ScrollArea.Autosize mah={560}>
            <Table striped highlightOnHover stickyHeader aria-label="Prețuri">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cod</Table.Th>
                  <Table.Th>Denumire</Table.Th>
                  <Table.Th>Grupa</Table.Th>
                  <Table.Th>Unitate</Table.Th>
                  <Table.Th>TVA</Table.Th>
                  <Table.Th ta="right">Preț</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Acțiuni</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id} aria-label={item.name}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.code}</Table.Td>
                    <Table.Td>
                      {item.name}{' '}
                      {item.active ? null : (
                        <Badge size="xs" color="gray" variant="light">
                          inactiv
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{item.group}</Table.Td>
                    <Table.Td>{PRICE_UNIT_LABELS[item.unit]}</Table.Td>
                    <Table.Td>{formatVatCategory(item.vatRateBp)}</Table.Td>
                    <Table.Td>
                      <PriceCell item={item} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconHistory size={14} />}
                          aria-label={`${canEdit ? 'Preț nou / istoric' : 'Istoric prețuri'}: ${item.name}`}
                          onClick={() => setDialog({ kind: 'history', item })}
                        >
                          {canEdit ? 'Preț' : 'Istoric'}
                        </Button>
                        {canEdit ? (
                          <Button
                            size="xs"
                            variant="subtle"
                            leftSection={<IconEdit size={14} />}
                            aria-label={`Editează: ${item.name}`}
                            onClick={() => setDialog({ kind: 'edit', item })}
                          >
                            Editează
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {items.length === 0 ? (
              <Text c="dimmed" ta="center" py="md">
                Niciun articol nu corespunde căutării.
              </Text>
            ) : null}
          </ScrollArea.Autosize>
        )}

        <div>
          <Title order={3} fz="md" mb="xs">
            TVA
          </Title>
          {vat.data ? (
            <VatSettingsForm key={vat.data.version} settings={vat.data} canEdit={canEdit} />
          ) : vat.isError ? (
            <Text c="red">Setările TVA nu au putut fi încărcate.</Text>
          ) : (
            <Skeleton h={60} />
          )}
        </div>
      </Stack>

      <Modal
        opened={dialog !== null}
        onClose={close}
        size="lg"
        title={
          dialog?.kind === 'new'
            ? 'Articol nou în lista de prețuri'
            : dialog?.kind === 'edit'
              ? `Editează: ${dialog.item.name}`
              : dialog?.kind === 'history'
                ? `Prețuri: ${dialog.item.name}`
                : 'Importă lista de prețuri'
        }
      >
        {dialog?.kind === 'new' ? <PriceItemForm groups={groups} vat={vat.data} onDone={close} /> : null}
        {dialog?.kind === 'edit' ? (
          <PriceItemForm item={dialog.item} groups={groups} vat={vat.data} onDone={close} />
        ) : null}
        {dialog?.kind === 'history' ? <PriceHistory item={dialog.item} canEdit={canEdit} /> : null}
        {dialog?.kind === 'import' ? <PriceImport onDone={close} /> : null}
      </Modal>
    </Paper>
  );
}
