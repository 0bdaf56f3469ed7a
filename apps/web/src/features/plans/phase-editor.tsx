import { ActionIcon, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import type { PlanContentInput } from '@odonto/domain/contracts/plans';
import { formatLei } from '@odonto/domain/money';
import type { PhaseTotals } from '@odonto/domain/plans';
import { ItemEditor } from './item-editor';

/** A phase (visit) of an alternative: its title, its items, its total. */
export function PhaseEditor({
  alternativeIndex,
  phaseIndex,
  totals,
  doneItemIds,
  canRemove,
  onRemove,
}: {
  alternativeIndex: number;
  phaseIndex: number;
  totals: PhaseTotals | undefined;
  doneItemIds: ReadonlySet<string>;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { control } = useFormContext<PlanContentInput>();
  const path = `alternatives.${alternativeIndex}.phases.${phaseIndex}` as const;
  const items = useFieldArray({ control, name: `${path}.items`, keyName: 'key' });
  const hasDone = items.fields.some((item) => doneItemIds.has(item.id));
  return (
    <Stack gap="xs" data-testid="plan-phase">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Controller
          control={control}
          name={`${path}.title`}
          render={({ field }) => (
            <TextInput label="Etapa (vizita)" style={{ flex: 1, minWidth: 0 }} {...field} />
          )}
        />
        {canRemove ? (
          <Tooltip label={hasDone ? 'Etapa are lucrări efectuate' : 'Scoate etapa'}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              disabled={hasDone}
              onClick={onRemove}
              aria-label={`Scoate etapa ${phaseIndex + 1}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {items.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nicio lucrare. Alegeți dinții pe schiță și o lucrare din lista de prețuri, apoi „Adaugă în etapă”.
        </Text>
      ) : (
        items.fields.map((item, itemIndex) => (
          <ItemEditor
            key={item.key}
            path={`${path}.items.${itemIndex}`}
            totals={totals?.items[itemIndex]}
            isDone={doneItemIds.has(item.id)}
            onRemove={() => items.remove(itemIndex)}
          />
        ))
      )}
      <Text size="sm" ta="right" data-testid="phase-total">
        Total etapă: <b>{formatLei(totals?.netBani ?? 0)}</b>
      </Text>
    </Stack>
  );
}
