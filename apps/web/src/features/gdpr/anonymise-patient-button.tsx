import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserOff } from '@tabler/icons-react';
import { ANONYMISE_KEPT, ANONYMISE_REMOVED } from '@odonto/domain/contracts/gdpr-erasure';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { useAnonymisePatient } from './erasure-api';

export interface AnonymisePatientButtonProps {
  patient: { _id: string; id: number; nume: string; prenume: string };
  size?: 'xs' | 'sm';
  /** Called once the patient is anonymised. */
  onDone?: () => void;
}

/**
 * "Anonimizează" (issue 16, GDPR erasure; decision 0035): a confirmation that states what is removed and
 * what is kept, then the call; the server refuses before the retention period has passed and says from
 * which day it is possible. Admins only.
 */
export function AnonymisePatientButton({ patient, size = 'sm', onDone }: AnonymisePatientButtonProps) {
  const { userCtx } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const anonymise = useAnonymisePatient();
  if (!can(userCtx.roles, 'anonymise:patient')) return null;
  const label = `${patient.nume} ${patient.prenume} (fișa nr. ${patient.id})`;

  function handleClose() {
    setOpened(false);
    anonymise.reset();
  }

  function handleConfirm() {
    anonymise.mutate(patient._id, {
      onSuccess: () => {
        setOpened(false);
        notifications.show({ color: 'teal', message: `Pacientul ${label} a fost anonimizat.` });
        onDone?.();
      },
    });
  }

  return (
    <>
      <Button
        variant="light"
        color="red"
        size={size}
        leftSection={<IconUserOff size={16} />}
        onClick={() => setOpened(true)}
      >
        Anonimizează
      </Button>
      <Modal
        opened={opened}
        onClose={handleClose}
        title="Anonimizare pacient (GDPR)"
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Închide' }}
      >
        <Stack gap="md">
          <Text>
            Pacientul <b>{label}</b> va fi anonimizat. Operația este definitivă și nu poate fi anulată.
          </Text>
          <div>
            <Text fw={600}>Se șterg:</Text>
            <List size="sm" spacing={4}>
              {ANONYMISE_REMOVED.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          <div>
            <Text fw={600}>Se păstrează:</Text>
            <List size="sm" spacing={4}>
              {ANONYMISE_KEPT.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          {anonymise.error ? (
            <Alert color="red" role="alert">
              {anonymise.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} data-autofocus>
              Renunță
            </Button>
            <Button
              color="red"
              loading={anonymise.isPending}
              disabled={anonymise.error !== null}
              onClick={handleConfirm}
            >
              Anonimizează definitiv
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
