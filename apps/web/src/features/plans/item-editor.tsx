import { ActionIcon, Group, NumberInput, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { PlanContentInput } from '@odonto/domain/contracts/plans';
import { formatLei } from '@odonto/domain/money';
import { teethLabel, type ItemTotals } from '@odonto/domain/plans';
import { DiscountInput } from './discount-input';
import { MoneyInput } from './money-input';

export const PRICE_REASON_LABEL = 'Motivul prețului modificat';

type ItemPath = `alternatives.${number}.phases.${number}.items.${number}`;

/** One item of a phase: name, teeth, quantity, unit price (with a reason when it differs), discount, notes. */
export function ItemEditor({
  path,
  totals,
  isDone,
  onRemove,
}: {
  path: ItemPath;
  /** The item's amounts from alternativeTotals (domain). */
  totals: ItemTotals | undefined;
  isDone: boolean;
  onRemove: () => void;
}) {
  const { control } = useFormContext<PlanContentInput>();
  const item = useWatch({ control, name: path });
  const hasOtherPrice = item.listPriceBani !== null && item.unitPriceBani !== item.listPriceBani;
  const teeth = teethLabel(item.teeth, item.span);
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="plan-item" data-item={item.id}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Text fw={600} size="sm" miw={56} title="Dinți">
            {teeth || '—'}
          </Text>
          <Controller
            control={control}
            name={`${path}.name`}
            render={({ field, fieldState }) => (
              <TextInput
                label="Lucrare"
                style={{ flex: 1, minWidth: 0 }}
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          <Tooltip label={isDone ? 'Lucrarea este efectuată' : 'Scoate lucrarea'}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onRemove}
              disabled={isDone}
              aria-label={`Scoate ${item.name}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xs" wrap="wrap" align="flex-start">
          <Controller
            control={control}
            name={`${path}.quantity`}
            render={({ field, fieldState }) => (
              <NumberInput
                ref={field.ref}
                label="Cantitate"
                w={90}
                min={1}
                max={99}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`${path}.unitPriceBani`}
            render={({ field, fieldState }) => (
              <MoneyInput
                ref={field.ref}
                label="Preț unitar"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`${path}.discount`}
            render={({ field, fieldState }) => (
              <DiscountInput
                ref={field.ref}
                label="Reducere"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Stack gap={0} ml="auto" align="flex-end">
            <Text size="xs" c="dimmed">
              Valoare
            </Text>
            <Text fw={700} data-testid="item-amount">
              {totals ? formatLei(totals.netBani) : ''}
            </Text>
          </Stack>
        </Group>
        {hasOtherPrice ? (
          <Controller
            control={control}
            name={`${path}.priceReason`}
            render={({ field, fieldState }) => (
              <TextInput
                ref={field.ref}
                label={PRICE_REASON_LABEL}
                description={`Prețul din lista de prețuri: ${formatLei(item.listPriceBani ?? 0)}`}
                required
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
        <Controller
          control={control}
          name={`${path}.notes`}
          render={({ field }) => <TextInput placeholder="Note" aria-label="Note" size="xs" {...field} />}
        />
      </Stack>
    </Paper>
  );
}
