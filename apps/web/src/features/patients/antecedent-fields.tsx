import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { ANTECEDENT_ITEMS } from '@odonto/domain/antecedents';
import type { PatientForm } from './patient-form-values';

type Item = (typeof ANTECEDENT_ITEMS)[number];

function AntecedentItem({ form, item }: { form: PatientForm; item: Item }) {
  return (
    <Controller
      control={form.control}
      name={`antecedente.${item.key}`}
      render={({ field, fieldState }) => {
        const value = field.value;
        const isTicked = value?.val === true;
        const textError = (fieldState.error as { text?: { message?: string } } | undefined)?.text?.message;
        return (
          <Stack gap={6}>
            <Checkbox
              ref={field.ref}
              label={item.label}
              checked={isTicked}
              color={item.key === 'alergii' ? 'red' : undefined}
              onChange={(event) =>
                field.onChange({ val: event.currentTarget.checked, text: value?.text ?? '' })
              }
              onBlur={field.onBlur}
            />
            {isTicked ? (
              <TextInput
                size="xs"
                ml={30}
                aria-label={`Notă: ${item.label}`}
                placeholder={item.key === 'alergii' ? 'La ce? (ex. penicilină)' : 'Notă (opțional)'}
                value={value?.text ?? ''}
                maxLength={500}
                error={textError ?? fieldState.error?.message}
                onChange={(event) => field.onChange({ val: true, text: event.currentTarget.value })}
              />
            ) : null}
          </Stack>
        );
      }}
    />
  );
}

/** The medical-history checklist (a note per ticked item) and the free details. */
export function AntecedentFields({ form }: { form: PatientForm }) {
  return (
    <Stack gap="md">
      <SimpleGrid type="container" cols={{ base: 1, '560px': 2 }} spacing="sm" verticalSpacing="sm">
        {ANTECEDENT_ITEMS.map((item) => (
          <AntecedentItem key={item.key} form={form} item={item} />
        ))}
      </SimpleGrid>
      <Controller
        control={form.control}
        name="antecedenteDetalii"
        render={({ field, fieldState }) => (
          <Textarea
            {...field}
            value={field.value ?? ''}
            label="Detalii antecedente"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            error={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}
