import { useState } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconUserOff } from '@tabler/icons-react';
import { Outlet, useLocation, useParams } from 'react-router';
import { StatusPage } from '../../app/status-page';
import { isApiError } from '../../lib/http';
import { usePatient } from './api';
import { PatientHeader } from './patient-header';
import type { PatientScreen } from './patient-screen';
import { PatientSideMenu } from './patient-side-menu';
import { sectionOf } from './side-menu-items';
import classes from './patient-layout.module.css';

export const PATIENT_NOT_FOUND = 'Pacientul nu a fost găsit';

function HeaderSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Se încarcă pacientul">
      <Stack gap="sm">
        <Skeleton h={14} w={260} />
        <Group gap="md">
          <Skeleton h={84} w={84} circle />
          <Stack gap={8}>
            <Skeleton h={24} w={240} />
            <Skeleton h={14} w={160} />
            <Skeleton h={22} w={220} />
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

interface TrackedVersion {
  patientId: string;
  version: number;
}

/**
 * The frame of a patient's screens (edit, programari, docs, history, schita): the header above, the
 * right side menu beside, the screen itself in between.
 */
export function PatientLayout() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const query = usePatient(id);
  const patient = query.data;
  const [tracked, setTracked] = useState<TrackedVersion | null>(null);

  // The form's base version is taken once per patient, when it first loads (see PatientScreen).
  if (patient && tracked?.patientId !== patient._id) {
    setTracked({ patientId: patient._id, version: patient.version });
  }

  function handleOwnVersionChange(version: number) {
    setTracked((current) => (current && version === current.version + 1 ? { ...current, version } : current));
  }

  async function handleReload() {
    const { data } = await query.refetch();
    if (data) setTracked({ patientId: data._id, version: data.version });
    return data;
  }

  if (query.isError && isApiError(query.error, 404)) {
    return (
      <StatusPage
        icon={<IconUserOff size={32} />}
        title={PATIENT_NOT_FOUND}
        message="Fișa cerută nu există sau a fost ștearsă."
        actionLabel="Înapoi la lista de pacienți"
        actionTo="/pacienti"
      />
    );
  }
  if (query.isError && !patient) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title="Pacientul nu a putut fi încărcat"
      >
        <Stack gap="sm" align="flex-start">
          {query.error.message}
          <Button leftSection={<IconRefresh size={16} />} onClick={() => void query.refetch()}>
            Reîncearcă
          </Button>
        </Stack>
      </Alert>
    );
  }

  const screen: PatientScreen | null =
    patient && tracked ? { patient, formVersion: tracked.version, reload: handleReload } : null;

  return (
    <div className={classes.screen}>
      <Stack gap="md" style={{ minWidth: 0 }}>
        {patient ? (
          <PatientHeader patient={patient} onOwnVersionChange={handleOwnVersionChange} />
        ) : (
          <HeaderSkeleton />
        )}
        {screen ? <Outlet context={screen} /> : null}
      </Stack>
      <aside className={classes.side}>
        <PatientSideMenu patientId={id} section={sectionOf(pathname)} />
      </aside>
    </div>
  );
}
