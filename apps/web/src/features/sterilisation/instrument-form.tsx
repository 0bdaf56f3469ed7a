import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  instrumentCreate,
  type Instrument,
  type InstrumentCreate,
} from '@odonto/domain/contracts/sterilisation';
import { PACKAGING_LABELS, PACKAGING_TYPES } from '@odonto/domain/sterilisation';
import { groupFieldRef } from '../../lib/form';
import { useCreateInstrument, useUpdateInstrument } from './api';

const PACKAGING_OPTIONS = PACKAGING_TYPES.map((value) => ({ value, label: PACKAGING_LABELS[value] }));

/** The side panel's create and edit views. */
export function InstrumentForm({
  instrument,
  onDone,
}: {
  instrument: Instrument | null;
  onDone: (saved: Instrument) => void;
}) {
  const create = useCreateInstrument();
  const update = useUpdateInstrument();
  const mutation = instrument ? update : create;
  const form = useForm<InstrumentCreate>({
    resolver: zodResolver(instrumentCreate),
    defaultValues: { name: instrument?.name ?? '', packaging: instrument?.packaging ?? 'punga' },
  });

  async function handleSave(data: InstrumentCreate) {
    try {
      const saved = instrument
        ? await update.mutateAsync({ ...data, _id: instrument._id, version: instrument.version })
        : await create.mutateAsync(data);
      onDone(saved);
    } catch {
      // The server's message shows below (SPEC.md §8: the error data is kept and shown).
    }
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleSave)(event)} noValidate>
      <Stack gap="md">
        <Title order={2} fz="md" c="teal.9">
          {instrument ? 'Editează instrument' : 'Instrument nou'}
        </Title>
        <TextInput
          label="Denumire"
          data-autofocus
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <div>
          <Text fw={500} mb={4}>
            Ambalare
          </Text>
          <Controller
            control={form.control}
            name="packaging"
            render={({ field }) => (
              <SegmentedControl
                ref={groupFieldRef(field.ref)}
                fullWidth
                data={PACKAGING_OPTIONS}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </div>
        {mutation.error ? <Alert color="red">{mutation.error.message}</Alert> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
