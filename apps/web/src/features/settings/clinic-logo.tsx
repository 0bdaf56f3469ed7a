import { useState } from 'react';
import { Alert, Button, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { clinicLogoUrl, LOGO_EXTENSIONS, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import { askConfirmation } from '../../ui/confirm-host';
import { FileUpload } from '../../ui/file-upload';
import { useDeleteLogo, useUploadLogo } from './api';

interface ClinicLogoProps {
  clinic: ClinicSettings;
  /** Called with the details after this admin's own logo change (the version moved on by one). */
  onOwnChange: (saved: ClinicSettings) => void;
}

/** The logo part of the clinic settings: the current logo, upload a new one, remove it. */
export function ClinicLogo({ clinic, onOwnChange }: ClinicLogoProps) {
  const [file, setFile] = useState<File | null>(null);
  const uploadLogo = useUploadLogo();
  const deleteLogo = useDeleteLogo();
  const error = uploadLogo.error ?? deleteLogo.error;

  function handleUpload() {
    if (!file) return;
    uploadLogo.mutate(file, {
      onSuccess: (saved) => {
        setFile(null);
        onOwnChange(saved);
        notifications.show({ color: 'teal', message: 'Sigla clinicii a fost salvată.' });
      },
    });
  }

  async function handleDelete() {
    if (!(await askConfirmation('Sunteți sigur că doriți să ștergeți sigla clinicii?'))) return;
    deleteLogo.mutate(undefined, {
      onSuccess: (saved) => {
        onOwnChange(saved);
        notifications.show({ color: 'teal', message: 'Sigla clinicii a fost ștearsă.' });
      },
    });
  }

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Sigla clinicii
      </Text>
      {clinic.logo ? (
        <Group gap="md" align="center">
          <Image src={clinicLogoUrl(clinic.logo)} alt="Sigla clinicii" h={64} w="auto" fit="contain" />
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void handleDelete()}
            loading={deleteLogo.isPending}
          >
            Șterge sigla
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Clinica nu are încă o siglă; antetul se tipărește fără ea.
        </Text>
      )}
      <Group align="flex-end" gap="md">
        <FileUpload
          label="Siglă nouă"
          extensions={LOGO_EXTENSIONS}
          value={file}
          onChange={(picked) => {
            uploadLogo.reset();
            deleteLogo.reset();
            setFile(picked);
          }}
          buttonLabel="Alege imaginea"
        />
        <Button
          leftSection={<IconUpload size={18} />}
          onClick={handleUpload}
          disabled={!file}
          loading={uploadLogo.isPending}
        >
          Încarcă sigla
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
