import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconDeviceFloppy, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  USER_MESSAGES,
  userForm,
  type User,
  type UserFormData,
  type UserFormInput,
} from '@odonto/domain/contracts/users';
import { askConfirmation } from '../../ui/confirm-host';
import { TwoFactorReset } from '../auth/two-factor-reset';
import { EndUserSessions } from './end-user-sessions';
import { registerModal, type ModalControls } from '../../ui/modals';
import { useDeleteUser, useResendInvitation, useSaveUser, useUpdateUser } from './api';
import { UserFormFields } from './user-form-fields';
import { changedLocationIds, UserLocationsSelect, useRefreshLocations } from './user-locations';
import { emptyUserValues, showFormError, showSaveError, userValues } from './user-form-values';

export interface UserModalProps {
  /** The user to edit, or null to add one. */
  user: User | null;
  /** The signed-in admin's id: their own account cannot lose its admin role, be deactivated or deleted. */
  currentUserId: string;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'add-edit-user': UserModalProps;
  }
}

/** The 'add/edit user' modal (SPEC.md §2): the user form; in edit mode also the invitation and delete. */
export function UserModal({ user, currentUserId, close }: UserModalProps & ModalControls) {
  const isNew = user === null;
  const isSelf = user?._id === currentUserId;
  const form = useForm<UserFormInput, unknown, UserFormData>({
    mode: 'onTouched',
    resolver: zodResolver(userForm),
    defaultValues: user ? userValues(user) : emptyUserValues(),
  });
  const saveUser = useSaveUser();
  const updateUser = useUpdateUser(user?._id ?? '');
  const resendInvitation = useResendInvitation(user?._id ?? '');
  const deleteUser = useDeleteUser();
  const savedLocationIds = user?.locationIds ?? [];
  const [locationIds, setLocationIds] = useState<string[]>(savedLocationIds);
  const refreshLocations = useRefreshLocations();
  const rootError = form.formState.errors.root?.['server']?.message;

  function handleSubmit(formValues: UserFormData) {
    form.clearErrors('root');
    const onError = (error: unknown) => showSaveError(form, error, isNew);
    // The locations are saved with the user, in the same call (one transaction on the server).
    const sentLocationIds = changedLocationIds(savedLocationIds, locationIds);
    const values =
      sentLocationIds === undefined ? formValues : { ...formValues, locationIds: sentLocationIds };
    const afterSave = () => (sentLocationIds === undefined ? undefined : void refreshLocations());
    if (user === null) {
      saveUser.mutate(values, {
        onSuccess: (saved) => {
          afterSave();
          close();
          notifications.show({
            color: 'teal',
            message: saved.active
              ? `Utilizatorul ${saved.nume} a fost adăugat. Invitația a fost trimisă pe ${saved.email}.`
              : `Utilizatorul ${saved.nume} a fost adăugat.`,
          });
        },
        onError,
      });
      return;
    }
    updateUser.mutate(
      { ...values, version: user.version },
      {
        onSuccess: (saved) => {
          afterSave();
          close();
          notifications.show({
            color: 'teal',
            message: `Modificările utilizatorului ${saved.nume} au fost salvate.`,
          });
        },
        onError,
      },
    );
  }

  function handleResend() {
    if (user === null) return;
    form.clearErrors('root');
    resendInvitation.mutate(undefined, {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: `Invitația a fost trimisă din nou pe ${user.email}.` }),
      onError: (error) => showFormError(form, error),
    });
  }

  async function handleDelete() {
    if (user === null) return;
    form.clearErrors('root');
    const isConfirmed = await askConfirmation(
      `Sunteți sigur că doriți să ștergeți utilizatorul ${user.nume}?`,
    );
    if (!isConfirmed) return;
    deleteUser.mutate(user, {
      onSuccess: () => {
        close();
        notifications.show({ color: 'teal', message: `Utilizatorul ${user.nume} a fost șters.` });
      },
      onError: (error) => showFormError(form, error),
    });
  }

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      noValidate
      aria-label={isNew ? 'Formular utilizator nou' : `Formular utilizator ${user.nume}`}
    >
      <Stack gap="md">
        <UserFormFields form={form} isSelf={isSelf} />
        <UserLocationsSelect value={locationIds} onChange={setLocationIds} />
        {rootError ? (
          <Alert color="red" role="alert">
            {rootError}
          </Alert>
        ) : null}
        {user && !user.hasPassword && user.active ? (
          <Paper withBorder radius="md" p="sm" bg="yellow.0">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Invitația nu a fost încă acceptată: utilizatorul nu și-a ales parola.</Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconMailForward size={16} />}
                onClick={handleResend}
                loading={resendInvitation.isPending}
              >
                Trimite din nou invitația
              </Button>
            </Group>
          </Paper>
        ) : null}
        {user && !isSelf ? <TwoFactorReset userId={user._id} userName={user.nume} /> : null}
        {user && !isSelf ? <EndUserSessions userId={user._id} userName={user.nume} /> : null}
        <Divider />
        <Group justify="space-between" gap="sm">
          {user ? (
            <Stack gap={2}>
              <Button
                variant="subtle"
                color="red"
                px="xs"
                leftSection={<IconTrash size={18} />}
                onClick={() => void handleDelete()}
                loading={deleteUser.isPending}
                disabled={isSelf}
              >
                Șterge utilizatorul
              </Button>
              {isSelf ? (
                <Text size="xs" c="dimmed">
                  {USER_MESSAGES.selfDelete}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={close}>
              Renunță
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} />}
              loading={saveUser.isPending || updateUser.isPending}
            >
              Salvează
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

registerModal('add-edit-user', {
  component: UserModal,
  title: (props) => (props.user ? 'Editează utilizator' : 'Adaugă utilizator'),
  size: 'lg',
});
