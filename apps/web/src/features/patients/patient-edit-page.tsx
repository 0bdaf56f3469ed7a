import { useState } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { PatientData } from '@odonto/domain/contracts/patients';
import { isApiError } from '../../lib/http';
import { showServerFieldErrors } from '../../lib/form';
import { usePageTitle } from '../../ui/use-page-title';
import { useUpdatePatient } from './api';
import { PatientForm, usePatientForm } from './patient-form';
import { patientPayload, patientValues } from './patient-form-values';
import { fullName, usePatientScreen } from './patient-screen';

export const CONFLICT_MESSAGE =
  'Pacientul a fost modificat între timp de altcineva. Reîncărcați pentru a vedea modificările; ' +
  'datele introduse de dvs. au rămas în formular.';

/** The form is long: the conflict message is brought to where the user looks, once, when it appears. */
function bringIntoView(node: HTMLDivElement | null) {
  node?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/** /pacienti/edit/{_id}: the patient's data, saved with the version it was loaded with. */
export function PatientEditPage() {
  usePageTitle('Date pacient');
  const navigate = useNavigate();
  const { patient, formVersion, reload } = usePatientScreen();
  const [defaults] = useState(() => patientValues(patient));
  const form = usePatientForm(defaults);
  const updatePatient = useUpdatePatient(patient._id);
  const [hasConflict, setHasConflict] = useState(false);

  function handleSave(values: PatientData) {
    setHasConflict(false);
    updatePatient.mutate(
      { ...patientPayload(values), version: formVersion },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            message: `Datele pacientului ${fullName(saved)} au fost salvate.`,
          });
          void navigate('/pacienti');
        },
        onError: (error) => {
          // The form keeps what the user typed in every case.
          // An anonymised patient answers 409 too, with its own code and message: shown as any other refusal.
          if (isApiError(error, 409) && error.code === 'conflict') {
            setHasConflict(true);
            return;
          }
          showServerFieldErrors(form, error);
          notifications.show({ color: 'red', title: 'Datele nu au fost salvate', message: error.message });
        },
      },
    );
  }

  async function handleReload() {
    const fresh = await reload();
    if (!fresh) return;
    form.reset(patientValues(fresh));
    setHasConflict(false);
  }

  const notice = hasConflict ? (
    <Alert
      ref={bringIntoView}
      color="orange"
      variant="light"
      icon={<IconAlertTriangle />}
      title="Modificare concurentă"
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        {CONFLICT_MESSAGE}
        <Button
          variant="light"
          color="orange"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void handleReload()}
        >
          Reîncarcă datele pacientului
        </Button>
      </Stack>
    </Alert>
  ) : null;

  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        Date pacient
      </Title>
      <PatientForm
        form={form}
        onSubmit={handleSave}
        isSaving={updatePatient.isPending}
        name="Formular date pacient"
        notice={notice}
      />
    </Stack>
  );
}
