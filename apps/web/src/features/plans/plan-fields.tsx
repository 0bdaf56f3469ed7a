import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { PlanContentInput } from '@odonto/domain/contracts/plans';
import { useClinicDoctors } from '../settings/api';

/** The plan's own fields: title, doctor, validity date, notes. */
export function PlanFields({ currentDoctor }: { currentDoctor: { id: string; name: string } | null }) {
  const { control } = useFormContext<PlanContentInput>();
  const doctors = useClinicDoctors();
  const options = (doctors.data ?? []).map((doctor) => ({ value: doctor._id, label: doctor.nume }));
  // A plan keeps its doctor even after the account was closed.
  if (currentDoctor && !options.some((option) => option.value === currentDoctor.id)) {
    options.push({ value: currentDoctor.id, label: currentDoctor.name });
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
      <Controller
        control={control}
        name="title"
        render={({ field, fieldState }) => (
          <TextInput label="Titlul planului" required {...field} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name="doctorId"
        render={({ field, fieldState }) => (
          <Select
            ref={field.ref}
            label="Medic"
            required
            data={options}
            value={field.value === '' ? null : field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={
              fieldState.error?.message ??
              (doctors.isError ? 'Lista medicilor nu a putut fi încărcată.' : undefined)
            }
          />
        )}
      />
      <Controller
        control={control}
        name="validUntil"
        render={({ field, fieldState }) => (
          <TextInput
            type="date"
            label="Valabil până la"
            required
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="notes"
        render={({ field }) => (
          <Textarea label="Note" autosize minRows={2} {...field} style={{ gridColumn: '1 / -1' }} />
        )}
      />
    </SimpleGrid>
  );
}
