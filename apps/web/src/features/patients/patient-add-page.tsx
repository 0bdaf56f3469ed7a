import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PatientData } from '@odonto/domain/contracts/patients';
import { showServerFieldErrors } from '../../lib/form';
import { usePageTitle } from '../../ui/use-page-title';
import { useSavePatient } from './api';
import { PatientForm, usePatientForm } from './patient-form';
import { emptyPatientValues, patientPayload } from './patient-form-values';
import { fullName } from './patient-screen';

/** SPEC.md §8: the alert after a failed save of a new patient. */
export const SAVE_PATIENT_ERROR = 'Eroare salvare pacient.';

/** /pacienti/add: the empty form; saving returns to the list. */
export function PatientAddPage() {
  usePageTitle('Pacient nou');
  const navigate = useNavigate();
  const [defaults] = useState(emptyPatientValues);
  const form = usePatientForm(defaults);
  const savePatient = useSavePatient();

  function handleSave(values: PatientData) {
    savePatient.mutate(patientPayload(values), {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: `Pacientul ${fullName(saved)} a fost salvat.` });
        void navigate('/pacienti');
      },
      onError: (error) => {
        window.alert(SAVE_PATIENT_ERROR);
        showServerFieldErrors(form, error);
      },
    });
  }

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>Pacient nou</Title>
      <PatientForm
        form={form}
        onSubmit={handleSave}
        isSaving={savePatient.isPending}
        name="Formular pacient nou"
      />
    </Stack>
  );
}
