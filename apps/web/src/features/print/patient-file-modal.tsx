import { Alert, Button, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import type { Patient } from '@odonto/domain/contracts/patients';
import { registerModal, type ModalControls } from '../../ui/modals';
import { useClinic } from '../settings/api';
import { usePrintAppointments, usePrintSignatures, useRecordPatientPrint } from './api';
import { PatientFileSheet } from './patient-file-sheet';
import { printSheet } from './print-store';

export interface PatientFileModalProps {
  patient: Patient;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'patient-file': PatientFileModalProps;
  }
}

/**
 * The 'patient file' modal (SPEC.md §2): the file as it will print, and the print button. Printing is
 * recorded on the server first (audit), and its time is printed on every page.
 */
export function PatientFileModal({ patient }: PatientFileModalProps & ModalControls) {
  const clinic = useClinic();
  const appointments = usePrintAppointments(patient._id, true);
  const signatures = usePrintSignatures(patient._id, true);
  const recordPrint = useRecordPatientPrint();
  const failed = [clinic, appointments, signatures].find((query) => query.isError);
  const isReady = clinic.data && appointments.data && signatures.data;

  function handlePrint() {
    if (!clinic.data || !appointments.data || !signatures.data) return;
    const data = { clinic: clinic.data, appointments: appointments.data, signatures: signatures.data };
    recordPrint.mutate(patient._id, {
      onSuccess: ({ printedAt }) =>
        printSheet('patient-file', <PatientFileSheet patient={patient} printedAt={printedAt} {...data} />),
    });
  }

  return (
    <Stack gap="md">
      {failed?.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          Fișa nu poate fi pregătită: {failed.error.message}
        </Alert>
      ) : null}
      {isReady ? (
        <Paper withBorder radius="sm" p="md" bg="white">
          <ScrollArea.Autosize
            mah="60vh"
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Previzualizarea fișei' }}
          >
            <PatientFileSheet
              patient={patient}
              clinic={clinic.data}
              printedAt={new Date().toISOString()}
              appointments={appointments.data}
              signatures={signatures.data}
              isPreview
            />
          </ScrollArea.Autosize>
        </Paper>
      ) : failed ? null : (
        <Group justify="center" p="xl">
          <Loader aria-label="Se pregătește fișa" />
        </Group>
      )}
      {recordPrint.isError ? (
        <Alert color="red" variant="light" role="alert">
          {recordPrint.error.message}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Fișa se tipărește pe A4, cu antetul clinicii, numărul paginii și data tipăririi.
        </Text>
        <Button
          leftSection={<IconPrinter size={18} />}
          onClick={handlePrint}
          disabled={!isReady}
          loading={recordPrint.isPending}
        >
          Tipărește
        </Button>
      </Group>
    </Stack>
  );
}

registerModal('patient-file', { component: PatientFileModal, title: 'Fișa pacientului', size: 'xl' });
