import { Button } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { Patient } from '@odonto/domain/contracts/patients';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { openModal } from '../../ui/modals';
import './letter-modal';

/** The header's medical-letter button (SPEC.md §2, §6: not for an assistant). */
export function LetterButton({ patient }: { patient: Patient }) {
  const { userCtx } = useCurrentUser();
  if (!can(userCtx.roles, 'write:letter')) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconFileText size={16} />}
      onClick={() => openModal('medical-letter', { patient })}
    >
      Scrisoare medicală
    </Button>
  );
}
