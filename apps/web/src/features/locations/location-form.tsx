import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import {
  locationInput,
  type Location,
  type LocationData,
  type LocationInput,
} from '@odonto/domain/contracts/locations';
import { showServerFieldErrors, visibleError } from '../../lib/form';
import { FormErrorSummary } from '../../ui/form-errors';
import { useCreateLocation, useUpdateLocation } from './api';

/** The fields' labels in the form's order, for the list of errors above it. */
export const LOCATION_LABELS = {
  name: 'Denumire',
  address: 'Adresă',
  phone: 'Telefon',
  opensAt: 'Se deschide la',
  closesAt: 'Se închide la',
} as const;

type FieldName = keyof typeof LOCATION_LABELS;

interface LocationFormProps {
  /** The location to edit; a new one when absent. */
  location?: Location;
  onDone: () => void;
}

/** Adds a location or edits one's name, address, phone and hours (the modal of "Sedii și cabinete"). */
export function LocationForm({ location, onDone }: LocationFormProps) {
  const form = useForm<LocationInput, unknown, LocationData>({
    mode: 'onTouched',
    resolver: zodResolver(locationInput),
    defaultValues: {
      name: location?.name ?? '',
      address: location?.address ?? '',
      phone: location?.phone ?? '',
      opensAt: location?.opensAt ?? '',
      closesAt: location?.closesAt ?? '',
    },
  });
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const mutation = location ? update : create;

  function handleSubmit(values: LocationData) {
    const options = {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: location ? 'Sediul a fost salvat.' : 'Sediul a fost adăugat.',
        });
        onDone();
      },
      onError: (error: Error) => showServerFieldErrors(form, error),
    };
    if (location) update.mutate({ ...values, id: location.id, version: location.version }, options);
    else create.mutate(values, options);
  }

  const field = (name: FieldName, extra: object = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: input, fieldState }) => (
        <TextInput
          {...input}
          value={input.value ?? ''}
          label={LOCATION_LABELS[name]}
          error={visibleError(fieldState) ?? fieldState.error?.message}
          {...extra}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)} noValidate>
      <Stack gap="sm">
        <FormErrorSummary form={form} labels={LOCATION_LABELS} />
        {field('name', { required: true, 'data-autofocus': true })}
        {field('address')}
        {field('phone', { inputMode: 'tel' })}
        <SimpleGrid cols={2} spacing="sm">
          {field('opensAt', { placeholder: 'ex. 08:00', inputMode: 'numeric' })}
          {field('closesAt', { placeholder: 'ex. 16:00', inputMode: 'numeric' })}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-6}>
          Orele sediului, de forma HH:MM. Goale: orele obișnuite ale clinicii.
        </Text>
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
