import { useMemo } from 'react';
import { Checkbox, Group } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { Dropdown } from '../../ui/dropdown';
import { useDoctors } from './api';
import type { PatientForm } from './patient-form-values';

/** The doctors' names, plus `current` when it is a doctor no longer in the list. */
export function useDoctorNames(current?: string | null): string[] {
  const doctors = useDoctors();
  return useMemo(() => {
    const names = doctors.data?.map((doctor) => doctor.nume) ?? [];
    return current && !names.includes(current) ? [current, ...names] : names;
  }, [doctors.data, current]);
}

function DoctorField({ form }: { form: PatientForm }) {
  return (
    <Controller
      control={form.control}
      name="medic"
      render={({ field, fieldState }) => (
        <DoctorSelect
          fieldRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

interface DoctorSelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  fieldRef: (element: HTMLInputElement | null) => void;
}

function DoctorSelect({ value, onChange, onBlur, error, fieldRef }: DoctorSelectProps) {
  const names = useDoctorNames(value);
  return (
    <Dropdown
      ref={fieldRef}
      allowDeselect={false}
      label="Medic"
      placeholder="Alegeți medicul"
      data={names}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      error={error}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

/** The treating doctor and the hygiene flag. */
export function ClinicFields({ form }: { form: PatientForm }) {
  return (
    <Group align="flex-end" gap="xl">
      <DoctorField form={form} />
      <Controller
        control={form.control}
        name="igienizare"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            label="Igienizare"
            checked={field.value ?? false}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            mb={8}
          />
        )}
      />
    </Group>
  );
}
