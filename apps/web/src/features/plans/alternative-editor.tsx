import { Button, Divider, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import type { PlanContentInput } from '@odonto/domain/contracts/plans';
import { formatLei } from '@odonto/domain/money';
import type { AlternativeTotals } from '@odonto/domain/plans';
import { DiscountInput } from './discount-input';
import { PhaseEditor } from './phase-editor';
import { emptyPhase } from './plan-values';

/** The totals line of an alternative: subtotal, its own discount, total (all from the domain rules). */
export function EditorTotals({ totals, label }: { totals: AlternativeTotals; label: string }) {
  return (
    <Stack gap={2} align="flex-end" data-testid={`editor-totals-${label}`}>
      <Text size="sm">Subtotal: {formatLei(totals.subtotalBani)}</Text>
      {totals.discountBani > 0 ? (
        <Text size="sm">Reducere variantă: −{formatLei(totals.discountBani)}</Text>
      ) : null}
      <Text fw={700} size="lg">
        Total varianta {label}: {formatLei(totals.totalBani)}
      </Text>
    </Stack>
  );
}

/** One alternative: its title, phases with items, discount, notes and totals. */
export function AlternativeEditor({
  index,
  totals,
  doneItemIds,
}: {
  index: number;
  totals: AlternativeTotals;
  doneItemIds: ReadonlySet<string>;
}) {
  const { control, getValues } = useFormContext<PlanContentInput>();
  const path = `alternatives.${index}` as const;
  const phases = useFieldArray({ control, name: `${path}.phases`, keyName: 'key' });
  const label = getValues(`${path}.label`);
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name={`${path}.title`}
        render={({ field }) => (
          <TextInput label="Descrierea variantei" placeholder="ex. Coroane zirconiu" {...field} />
        )}
      />
      {phases.fields.map((phase, phaseIndex) => (
        <Stack key={phase.key} gap="xs">
          {phaseIndex > 0 ? <Divider /> : null}
          <PhaseEditor
            alternativeIndex={index}
            phaseIndex={phaseIndex}
            totals={totals.phases[phaseIndex]}
            doneItemIds={doneItemIds}
            canRemove={phases.fields.length > 1}
            onRemove={() => phases.remove(phaseIndex)}
          />
        </Stack>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => phases.append(emptyPhase(phases.fields.length))}
        >
          Adaugă etapă
        </Button>
      </Group>
      <Group align="flex-start" justify="space-between" wrap="wrap" gap="md">
        <Controller
          control={control}
          name={`${path}.discount`}
          render={({ field, fieldState }) => (
            <DiscountInput
              ref={field.ref}
              label="Reducere pe variantă"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <EditorTotals totals={totals} label={label} />
      </Group>
      <Controller
        control={control}
        name={`${path}.notes`}
        render={({ field }) => <Textarea label="Note la variantă" autosize minRows={2} {...field} />}
      />
    </Stack>
  );
}
