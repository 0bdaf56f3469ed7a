import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { patientInput, type PatientData } from '@odonto/domain/contracts/patients';
import { FormErrorSummary } from '../../ui/form-errors';
import { AntecedentFields } from './antecedent-fields';
import { ClinicFields } from './clinic-fields';
import { PersonalFields } from './personal-fields';
import { PlaceFields } from './place-fields';
import {
  PATIENT_FIELD_LABELS,
  type PatientForm as PatientFormApi,
  type PatientFormInput,
} from './patient-form-values';

/** The patient form's state, checked with the patientInput contract. */
export function usePatientForm(defaultValues: PatientData): PatientFormApi {
  return useForm<PatientFormInput, unknown, PatientData>({
    mode: 'onTouched',
    resolver: zodResolver(patientInput),
    defaultValues,
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="sm" c="teal.9">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export interface PatientFormProps {
  form: PatientFormApi;
  onSubmit: (values: PatientData) => void;
  isSaving: boolean;
  /** The form's accessible name, e.g. 'Formular pacient nou'. */
  name: string;
  /** A message above the buttons (the edit conflict). */
  notice?: ReactNode;
}

/** Every field a person enters for a patient (SPEC.md §3), in four sections. */
export function PatientForm({ form, onSubmit, isSaving, name, notice }: PatientFormProps) {
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={name}>
      <Stack gap="md">
        <FormErrorSummary form={form} labels={PATIENT_FIELD_LABELS} />
        <Section title="Date personale">
          <PersonalFields form={form} />
        </Section>
        <Section title="Adresă">
          <PlaceFields form={form} />
        </Section>
        <Section title="Medic și igienizare">
          <ClinicFields form={form} />
        </Section>
        <Section title="Antecedente medicale">
          <AntecedentFields form={form} />
        </Section>
        {notice}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/pacienti" variant="default">
            Renunță
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={isSaving}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
