import { SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import { toIsoDay } from '@odonto/domain/dates';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { digitsFilter, nameFilter } from '@odonto/domain/filters';
import type { PatientForm } from './patient-form-values';

/** Nume, prenume (letters only as typed), email, telefon (digits and + as typed), date of birth. */
export function PersonalFields({ form }: { form: PatientForm }) {
  const { control } = form;
  const today = toIsoDay(new Date());
  return (
    <SimpleGrid type="container" cols={{ base: 1, '460px': 2 }} spacing="md">
      <Controller
        control={control}
        name="nume"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            label="Nume"
            required
            autoComplete="off"
            error={fieldState.error?.message}
            onChange={(event) => field.onChange(nameFilter(event.currentTarget.value))}
          />
        )}
      />
      <Controller
        control={control}
        name="prenume"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            label="Prenume"
            required
            autoComplete="off"
            error={fieldState.error?.message}
            onChange={(event) => field.onChange(nameFilter(event.currentTarget.value))}
          />
        )}
      />
      <Controller
        control={control}
        name="telefon"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            value={field.value ?? ''}
            label="Telefon"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            error={fieldState.error?.message}
            onChange={(event) => field.onChange(digitsFilter(event.currentTarget.value))}
          />
        )}
      />
      <Controller
        control={control}
        name="email"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            value={field.value ?? ''}
            label="Email"
            type="email"
            autoComplete="off"
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="birthdate"
        render={({ field, fieldState }) => (
          <DatePickerInput
            ref={field.ref}
            name={field.name}
            label="Data nașterii"
            placeholder="Alegeți data"
            value={field.value ?? null}
            onChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
            minDate="1900-01-01"
            maxDate={today}
            defaultLevel={field.value ? 'month' : 'decade'}
            valueFormat="DD.MM.YYYY"
            {...DATE_PICKER_A11Y}
            clearable
            clearButtonProps={{ 'aria-label': 'Șterge data nașterii' }}
            error={fieldState.error?.message}
          />
        )}
      />
    </SimpleGrid>
  );
}
