import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { chairInput, type Chair, type ChairInput } from '@odonto/domain/contracts/locations';
import { showServerFieldErrors, visibleError } from '../../lib/form';
import { useCreateChair, useRenameChair } from './api';

interface ChairFormProps {
  locationId: string;
  /** The chair to rename; a new one when absent. */
  chair?: Chair;
  onDone: () => void;
}

/** Adds a chair (cabinet) to a location or renames one. */
export function ChairForm({ locationId, chair, onDone }: ChairFormProps) {
  const form = useForm<ChairInput>({
    mode: 'onTouched',
    resolver: zodResolver(chairInput),
    defaultValues: { name: chair?.name ?? '' },
  });
  const create = useCreateChair();
  const rename = useRenameChair();
  const mutation = chair ? rename : create;

  function handleSubmit(values: ChairInput) {
    const options = {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: chair ? 'Cabinetul a fost redenumit.' : 'Cabinetul a fost adăugat.',
        });
        onDone();
      },
      onError: (error: Error) => showServerFieldErrors(form, error),
    };
    if (chair) rename.mutate({ id: chair.id, ...values }, options);
    else create.mutate({ locationId, ...values }, options);
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)} noValidate>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label="Denumirea cabinetului"
              placeholder="ex. Cabinet 1"
              required
              data-autofocus
              error={visibleError(fieldState) ?? fieldState.error?.message}
            />
          )}
        />
        {mutation.isError && !form.formState.errors.name ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            {mutation.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Renunță
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={mutation.isPending}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
