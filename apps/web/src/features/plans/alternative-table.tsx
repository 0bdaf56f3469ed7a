import { Badge, Stack, Table, Text } from '@mantine/core';
import type { Discount } from '@odonto/domain/plans';
import type { Plan } from '@odonto/domain/contracts/plans';
import { formatLei, formatPercent } from '@odonto/domain/money';
import { teethLabel } from '@odonto/domain/plans';

type SavedAlternative = Plan['alternatives'][number];

/** '10%' or '50,00 lei' (the discount as set), '' when none. */
export function discountLabel(discount: Discount | null): string {
  if (!discount) return '';
  return discount.kind === 'percent' ? formatPercent(discount.bp) : formatLei(discount.bani);
}

/** The totals of an alternative as the server computed them: before and after its own discount. */
export function AlternativeTotalsLine({ alternative }: { alternative: SavedAlternative }) {
  const { totals } = alternative;
  return (
    <Stack gap={2} align="flex-end" data-testid={`totals-${alternative.label}`}>
      {totals.discountBani > 0 ? (
        <>
          <Text size="sm">Subtotal: {formatLei(totals.subtotalBani)}</Text>
          <Text size="sm">
            Reducere variantă ({discountLabel(alternative.discount)}): −{formatLei(totals.discountBani)}
          </Text>
        </>
      ) : null}
      <Text fw={700}>Total: {formatLei(totals.totalBani)}</Text>
    </Stack>
  );
}

/** One alternative, read only: its phases and items with teeth, quantity, prices, discounts and amounts. */
export function AlternativeTable({
  alternative,
  doneItemIds,
}: {
  alternative: SavedAlternative;
  doneItemIds: ReadonlySet<string>;
}) {
  const hasLineDiscount = alternative.totals.lineDiscountBani > 0;
  const amount = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
  return (
    <Stack gap="md">
      {alternative.title ? <Text fw={600}>{alternative.title}</Text> : null}
      {alternative.phases.map((phase, phaseIndex) => {
        const phaseTotals = alternative.totals.phases[phaseIndex];
        return (
          <Stack key={phase.id} gap={4}>
            <Text fw={600}>{phase.title || `Etapa ${phaseIndex + 1}`}</Text>
            {phase.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nicio lucrare în această etapă.
              </Text>
            ) : (
              <Table
                striped
                withTableBorder
                fz="sm"
                horizontalSpacing={6}
                aria-label={phase.title || `Etapa ${phaseIndex + 1}`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Dinți</Table.Th>
                    <Table.Th>Lucrare</Table.Th>
                    <Table.Th ta="right">Cant.</Table.Th>
                    <Table.Th ta="right">Preț unitar</Table.Th>
                    {hasLineDiscount ? <Table.Th ta="right">Reducere</Table.Th> : null}
                    <Table.Th ta="right">Valoare</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {phase.items.map((item, itemIndex) => {
                    const line = phaseTotals?.items[itemIndex];
                    const isDone = doneItemIds.has(item.id);
                    return (
                      <Table.Tr key={item.id} data-item={item.id} data-done={isDone || undefined}>
                        <Table.Td>{teethLabel(item.teeth, item.span)}</Table.Td>
                        <Table.Td>
                          {item.name}
                          {isDone ? (
                            <Badge ml={6} size="xs" color="green">
                              efectuat
                            </Badge>
                          ) : null}
                          {item.priceReason ? (
                            <Text size="xs" c="dimmed">
                              Preț modificat: {item.priceReason}
                            </Text>
                          ) : null}
                          {item.notes ? (
                            <Text size="xs" c="dimmed">
                              {item.notes}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td ta="right">{item.quantity}</Table.Td>
                        <Table.Td {...amount}>{formatLei(item.unitPriceBani)}</Table.Td>
                        {hasLineDiscount ? (
                          <Table.Td {...amount}>
                            {line && line.discountBani > 0 ? `−${formatLei(line.discountBani)}` : ''}
                          </Table.Td>
                        ) : null}
                        <Table.Td {...amount}>{line ? formatLei(line.netBani) : ''}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
            {phaseTotals ? (
              <Text size="sm" ta="right">
                Total etapă: <b>{formatLei(phaseTotals.netBani)}</b>
              </Text>
            ) : null}
          </Stack>
        );
      })}
      {alternative.notes ? (
        <Text size="sm" c="dimmed">
          {alternative.notes}
        </Text>
      ) : null}
      <AlternativeTotalsLine alternative={alternative} />
    </Stack>
  );
}
