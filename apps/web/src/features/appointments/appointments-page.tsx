import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { isClinicGroup } from '@odonto/domain/contracts/locations';
import type { Patient } from '@odonto/domain/contracts/patients';
import { useCurrentUser } from '../../lib/current-user';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { useLocations } from '../locations/api';
import { ReviewRequestButton } from '../reviews/review-request-button';
import { usePatientAppointments } from './api';
import { AppointmentList } from './appointment-list';
import './appointment-modal';

export const APPOINTMENTS_TITLE = 'Programări';

/** What this screen reads of the patient layout's outlet context: the loaded patient. */
interface PatientOutlet {
  patient: Patient;
}

/** /pacienti/programari/{id}: the patient's appointments and the 'add appointment' modal. */
export function AppointmentsPage() {
  usePageTitle(APPOINTMENTS_TITLE);
  const { patient } = useOutletContext<PatientOutlet>();
  const session = useCurrentUser();
  const appointments = usePatientAppointments(patient._id);
  const locations = useLocations();
  const isGroup = locations.data ? isClinicGroup(locations.data.locations) : false;
  // The list splits upcoming from past at the time the screen was opened.
  const [now] = useState(() => new Date());
  const ownDoctorId = session.userCtx.roles.includes('medic') ? session.user._id : undefined;

  function handleAdd() {
    openModal('add-appointment', {
      patientId: patient._id,
      appointment: null,
      defaults: ownDoctorId ? { medicId: ownDoctorId } : {},
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{APPOINTMENTS_TITLE}</Title>
        <Button leftSection={<IconCalendarPlus size={18} />} onClick={handleAdd}>
          Adaugă programare
        </Button>
      </Group>
      {appointments.isPending ? <Loader aria-label="Se încarcă programările" /> : null}
      {appointments.isError ? <Alert color="red">Programările nu au putut fi încărcate.</Alert> : null}
      {appointments.data ? (
        <AppointmentList
          items={appointments.data}
          now={now}
          showLocation={isGroup}
          onOpen={(item) => openModal('add-appointment', { patientId: patient._id, appointment: item })}
          pastAction={(item) => <ReviewRequestButton patient={patient} appointmentId={item._id} />}
        />
      ) : null}
    </Stack>
  );
}
