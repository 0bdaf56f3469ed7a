import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { anuleazaTratamentRequest } from '@odonto/domain/contracts/history';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { isApiError } from '../../lib/http';
import { registerModal, type ModalControls } from '../../ui/modals';
import { useCancelTreatment } from './api';

export interface CancelEntryProps {
  patientId: string;
  entry: PatientHistoryEntry;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'delete-dialog': CancelEntryProps;
  }
}

export const CANCEL_EXPLANATION =
  'Pacientul a semnat acest tratament, deci nu poate fi șters. Anulat, rămâne în fișă, tăiat, cu motivul ' +
  'anulării; nu mai apare pe schița dentară, iar taxa lui se stornează.';

const reasonForm = anuleazaTratamentRequest.pick({ motiv: true });
type ReasonInput = { motiv: string };

/** The dialog that removes a signed entry: it is cancelled with a reason, never deleted. */
export function CancelEntryModal({ patientId, entry, close }: CancelEntryProps & ModalControls) {
  const cancel = useCancelTreatment(patientId);
  const form = useForm<ReasonInput>({ resolver: zodResolver(reasonForm), defaultValues: { motiv: '' } });

  function submit({ motiv }: ReasonInput) {
    cancel.mutate(
      { id: entry.id, motiv },
      {
        onSuccess: close,
        onError: (error) =>
          form.setError('motiv', {
            message: isApiError(error) ? (error.fields['motiv'] ?? error.message) : error.message,
          }),
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      aria-label="Anulare tratament"
    >
      <Stack gap="sm">
        <Text fw={600}>
          {formatTreatmentDate(entry.createdAt)} · {entry.denumire}
          {entry.dinte ? ` · dinte ${entry.dinte}` : ''}
        </Text>
        <Text size="sm">{CANCEL_EXPLANATION}</Text>
        <Controller
          control={form.control}
          name="motiv"
          render={({ field, fieldState }) => (
            <Textarea
              label="Motivul anulării"
              withAsterisk
              autosize
              minRows={2}
              data-autofocus
              error={fieldState.error?.message}
              {...field}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            Renunță
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Anulează tratamentul
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

registerModal('delete-dialog', {
  component: CancelEntryModal,
  title: 'Anulare tratament semnat',
  size: 'md',
});
