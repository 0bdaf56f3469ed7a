import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Stack,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCamera, IconPhotoX } from '@tabler/icons-react';
import { useRef } from 'react';
import { thumbnailName } from '@odonto/domain/contracts/avatars';
import { AVATAR_EXTENSIONS, AVATAR_FORMAT_ERROR, isAvatarFileName } from '@odonto/domain/contracts/patients';
import { MESSAGES } from '@odonto/domain/messages';
import { acceptAttribute } from '../../ui/file-name';
import { openModal, registerModal, type ModalControls } from '../../ui/modals';
import { useDeleteAvatar, useSaveAvatar } from './api';
import { patientImageUrl } from './patient-screen';

interface AvatarPreviewProps {
  patientId: string;
  name: string;
  patientName: string;
  onOwnVersionChange?: (version: number) => void;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    avatar: AvatarPreviewProps;
  }
}

function AvatarPreview({
  patientId,
  name,
  patientName,
  onOwnVersionChange,
  close,
}: AvatarPreviewProps & ModalControls) {
  const deleteAvatar = useDeleteAvatar(patientId);

  function handleDelete() {
    deleteAvatar.mutate(name, {
      onSuccess: (answer) => {
        onOwnVersionChange?.(answer.version);
        close();
      },
      onError: () => window.alert(MESSAGES.serverError),
    });
  }

  return (
    <Stack gap="md">
      <Image src={patientImageUrl(patientId, name)} alt={`Poza pacientului ${patientName}`} radius="md" />
      <Group justify="flex-end">
        <Button
          variant="light"
          color="red"
          leftSection={<IconPhotoX size={16} />}
          onClick={handleDelete}
          loading={deleteAvatar.isPending}
        >
          Șterge poza
        </Button>
      </Group>
    </Stack>
  );
}

registerModal('avatar', { component: AvatarPreview, title: 'Poza pacientului', size: 'lg' });

export interface PatientAvatarProps {
  patientId: string;
  avatar: string | null;
  initials: string;
  patientName: string;
  onOwnVersionChange?: (version: number) => void;
}

/** The patient's picture (its thumbnail) or initials, with upload; a click shows it large, to remove it. */
export function PatientAvatar({
  patientId,
  avatar,
  initials,
  patientName,
  onOwnVersionChange,
}: PatientAvatarProps) {
  const saveAvatar = useSaveAvatar(patientId);
  const resetRef = useRef<() => void>(null);

  function handlePick(file: File | null) {
    // Clearing the input lets the user pick the same file again after a refusal.
    resetRef.current?.();
    if (file === null) return;
    if (!isAvatarFileName(file.name)) {
      window.alert(AVATAR_FORMAT_ERROR);
      return;
    }
    saveAvatar.mutate(file, {
      onSuccess: (saved) => onOwnVersionChange?.(saved.version),
      onError: () => window.alert(MESSAGES.serverError),
    });
  }

  const picture = (
    <Avatar
      src={avatar ? patientImageUrl(patientId, thumbnailName(avatar)) : null}
      alt={avatar ? `Poza pacientului ${patientName}` : undefined}
      size={84}
      radius={84}
      color="teal"
      variant="light"
      fz={28}
    >
      {initials}
    </Avatar>
  );

  return (
    <Box pos="relative" w={84} h={84} style={{ flexShrink: 0 }}>
      {avatar ? (
        <UnstyledButton
          aria-label="Vezi poza pacientului"
          onClick={() => openModal('avatar', { patientId, name: avatar, patientName, onOwnVersionChange })}
          style={{ borderRadius: '50%' }}
        >
          {picture}
        </UnstyledButton>
      ) : (
        picture
      )}
      <FileButton onChange={handlePick} accept={acceptAttribute(AVATAR_EXTENSIONS)} resetRef={resetRef}>
        {(props) => (
          <Tooltip label="Încarcă poza" withArrow>
            <ActionIcon
              {...props}
              pos="absolute"
              bottom={-2}
              right={-2}
              size={32}
              radius="xl"
              variant="default"
              aria-label="Încarcă poza pacientului"
              loading={saveAvatar.isPending}
            >
              <IconCamera size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
    </Box>
  );
}
