import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Patient } from '@odonto/domain/contracts/patients';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { openModal } from '../../ui/modals';
import './patient-file-modal';

/** The header's print-patient-file button (SPEC.md §2, §6: not for an assistant). */
export function PrintPatientButton({ patient }: { patient: Patient }) {
  const { userCtx } = useCurrentUser();
  if (!can(userCtx.roles, 'print:patient')) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconPrinter size={16} />}
      onClick={() => openModal('patient-file', { patient })}
    >
      Tipărește fișa
    </Button>
  );
}
