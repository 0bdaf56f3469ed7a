import { Anchor, Badge, Breadcrumbs, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhone, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { balanceLabel } from '@odonto/domain/contracts/ledger';
import type { Patient } from '@odonto/domain/contracts/patients';
import { formatBreadcrumbDate, formatInstrumentDate } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { AnonymisePatientButton } from '../gdpr/anonymise-patient-button';
import { GdprExportButton } from '../gdpr/gdpr-export-button';
import { LetterButton } from '../letters/letter-button';
import { PrintPatientButton } from '../print/print-patient-button';
import { ConsentSignatureButton } from '../signatures/consent-button';
import { askConfirmation } from '../../ui/confirm-host';
import { useBlockPatient, useDeletePatient } from './api';
import { BlockedBadge } from './blocked-badge';
import { PatientAvatar } from './patient-avatar';
import { PatientIndicators } from './patient-indicators';
import { fullName } from './patient-screen';

export const DELETE_PATIENT_QUESTION = 'Sunteți sigur că doriți să ștergeți acest pacient?';

/** 'PA' for Popescu Ana. */
function patientInitials(patient: Pick<Patient, 'nume' | 'prenume'>): string {
  return `${patient.nume.charAt(0)}${patient.prenume.charAt(0)}`.toLocaleUpperCase('ro');
}

export interface PatientHeaderProps {
  patient: Patient;
  /** Called with the patient's new version after this user's own avatar change. */
  onOwnVersionChange?: (version: number) => void;
}

/** SPEC.md §2 patient header: breadcrumb, avatar, names, indicators, block toggle and delete. */
export function PatientHeader({ patient, onOwnVersionChange }: PatientHeaderProps) {
  const { userCtx } = useCurrentUser();
  const navigate = useNavigate();
  const blockPatient = useBlockPatient();
  const deletePatient = useDeletePatient();
  const name = fullName(patient);
  // Only an admin can open a deleted patient (to check it before restoring it from the list).
  const isDeleted = patient.deletedAt !== null;
  const anonymisedAt = patient.anonimizatLa ?? null;
  const canBlock = can(userCtx.roles, 'block:patient') && !isDeleted;
  const canDelete = can(userCtx.roles, 'delete:patient') && !isDeleted;
  const canSign = can(userCtx.roles, 'write:patient') && !isDeleted;

  async function handleDelete() {
    if (!(await askConfirmation(DELETE_PATIENT_QUESTION))) return;
    deletePatient.mutate(patient._id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Pacientul ${name} a fost șters.` });
        void navigate('/pacienti');
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Breadcrumbs
          component="nav"
          separator="/"
          aria-label="Cale de navigare"
          styles={{ separator: { color: 'var(--mantine-color-dimmed)' } }}
        >
          <Anchor component={Link} to="/pacienti" size="sm">
            Pacienți
          </Anchor>
          <Text size="sm">Fișa nr. {patient.id}</Text>
          <Text size="sm" c="dimmed">
            {formatBreadcrumbDate(patient.createdAt)}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
            <PatientAvatar
              patientId={patient._id}
              avatar={patient.avatar}
              initials={patientInitials(patient)}
              patientName={name}
              onOwnVersionChange={onOwnVersionChange}
            />
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Title order={2} fz={24} data-testid="patient-name">
                  {name}
                </Title>
                {patient.blocked ? <BlockedBadge /> : null}
                {isDeleted ? (
                  <Badge color="gray" variant="filled" radius="sm">
                    Șters
                  </Badge>
                ) : null}
                {anonymisedAt ? (
                  <Badge color="grape" variant="light" radius="sm" data-testid="patient-anonymised">
                    {`Anonimizat la ${formatInstrumentDate(anonymisedAt)}`}
                  </Badge>
                ) : null}
              </Group>
              <Group gap="lg" c="dimmed">
                <Text size="sm">
                  {patient.varsta === null ? 'Vârstă necunoscută' : `${patient.varsta} ani`}
                </Text>
                {patient.telefon ? (
                  <Anchor href={`tel:${patient.telefon}`} size="sm" c="dimmed">
                    <Group gap={4} wrap="nowrap">
                      <IconPhone size={14} aria-hidden />
                      {patient.telefon}
                    </Group>
                  </Anchor>
                ) : null}
                {patient.sold ? (
                  <Text
                    size="sm"
                    fw={600}
                    c={
                      patient.sold.kind === 'de plată'
                        ? 'red'
                        : patient.sold.kind === 'avans'
                          ? 'teal'
                          : 'dimmed'
                    }
                    data-testid="patient-sold"
                  >
                    {balanceLabel(patient.sold, formatLei)}
                  </Text>
                ) : null}
              </Group>
              <PatientIndicators antecedente={patient.antecedente} />
            </Stack>
          </Group>
          <Group gap="md" align="center">
            {canSign ? <ConsentSignatureButton patientId={patient._id} patientName={name} /> : null}
            {isDeleted ? null : <PrintPatientButton patient={patient} />}
            {isDeleted ? null : <LetterButton patient={patient} />}
            {isDeleted ? null : <GdprExportButton patientId={patient._id} />}
            {anonymisedAt ? null : <AnonymisePatientButton patient={patient} />}
            {canBlock ? (
              <Switch
                label="Blocat"
                color="red"
                size="md"
                // Shows the new state at once; the server's answer then confirms it (or puts it back).
                checked={blockPatient.isPending ? !patient.blocked : patient.blocked}
                disabled={blockPatient.isPending}
                onChange={() => blockPatient.mutate(patient._id)}
              />
            ) : null}
            {canDelete ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => void handleDelete()}
              >
                Șterge pacientul
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
