import { useState } from 'react';
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarPlus } from '@tabler/icons-react';
import { formatAuditTime } from '@odonto/domain/contracts/audit';
import type { PriceItem } from '@odonto/domain/contracts/price-list';
import { toIsoDay } from '@odonto/domain/dates';
import { formatLei, MONEY_MESSAGES, parseAmount } from '@odonto/domain/money';
import { formatPriceDay } from '@odonto/domain/price-list';
import { useAddPrice, usePriceHistory } from './api';

/** 'Preț nou de la data': the amount and the day (today or later) it applies from. */
function NewPriceForm({ item }: { item: PriceItem }) {
  const today = toIsoDay(new Date());
  const [amount, setAmount] = useState('');
  const [validFrom, setValidFrom] = useState(today);
  const [amountError, setAmountError] = useState<string | null>(null);
  const addPrice = useAddPrice();

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const amountBani = parseAmount(amount);
    if (amountBani === null || amountBani < 0) {
      setAmountError(MONEY_MESSAGES.invalidText);
      return;
    }
    setAmountError(null);
    addPrice.mutate(
      { id: item.id, amountBani, validFrom },
      {
        onSuccess: () => {
          setAmount('');
          notifications.show({
            color: 'teal',
            message: `Prețul de ${formatLei(amountBani)} se aplică de la ${formatPriceDay(validFrom)}.`,
          });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Preț nou de la data">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Preț nou (lei)"
            placeholder="ex. 1.250,00"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={amountError}
            required
          />
          <TextInput
            label="Valabil de la"
            type="date"
            min={today}
            value={validFrom}
            onChange={(event) => setValidFrom(event.currentTarget.value)}
            required
          />
          <Button
            type="submit"
            mt={25}
            leftSection={<IconCalendarPlus size={18} />}
            loading={addPrice.isPending}
          >
            Salvează prețul
          </Button>
        </Group>
        {addPrice.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            {addPrice.error.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

/** An item's prices, newest first (who set each and when), and for admins the form of a new price. */
export function PriceHistory({ item, canEdit }: { item: PriceItem; canEdit: boolean }) {
  const history = usePriceHistory(item.id);
  const today = toIsoDay(new Date());
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {item.code} · {item.group}
      </Text>
      {canEdit ? <NewPriceForm item={item} /> : null}
      {history.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          Istoricul prețurilor nu a putut fi încărcat.
        </Alert>
      ) : !history.data ? (
        <Skeleton h={80} />
      ) : history.data.prices.length === 0 ? (
        <Text c="dimmed">Articolul nu are încă niciun preț.</Text>
      ) : (
        <Table aria-label="Istoricul prețurilor" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>De la</Table.Th>
              <Table.Th ta="right">Preț</Table.Th>
              <Table.Th>Stabilit de</Table.Th>
              <Table.Th>La</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.prices.map((price, index, prices) => {
              // Newest first: the first row not in the future is the one in force.
              const isCurrent = prices.findIndex((row) => row.validFrom <= today) === index;
              return (
                <Table.Tr key={price.id}>
                  <Table.Td>
                    {formatPriceDay(price.validFrom)}{' '}
                    {price.validFrom > today ? (
                      <Badge size="xs" variant="light" color="blue">
                        programat
                      </Badge>
                    ) : isCurrent ? (
                      <Badge size="xs" variant="light" color="teal">
                        în vigoare
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatLei(price.amountBani)}</Table.Td>
                  <Table.Td>{price.createdByName ?? '—'}</Table.Td>
                  <Table.Td>{formatAuditTime(price.createdAt)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
