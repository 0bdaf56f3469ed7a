import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { reversalRequest } from '@odonto/domain/contracts/ledger';
import { askConfirmation } from '../../ui/confirm-host';

export interface ReasonModalProps {
  title: string;
  /** What is reversed, e.g. 'Plata de 250,00 lei din 2026-03-02 (Card)'. */
  subject: string;
  /** The NU/DA question asked before the reversal is sent. */
  question: string;
  isPending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** A reversal (storno): the reason is required, then a NU/DA confirmation; nothing is ever deleted. */
export function ReasonModal({
  title,
  subject,
  question,
  isPending,
  error,
  onClose,
  onConfirm,
}: ReasonModalProps) {
  const { control, handleSubmit } = useForm<{ reason: string }>({
    resolver: zodResolver(reversalRequest),
    defaultValues: { reason: '' },
  });

  const handleSave = handleSubmit(async ({ reason }) => {
    if (await askConfirmation(question)) onConfirm(reason);
  });

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={(event) => void handleSave(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{subject}</Text>
          <Controller
            control={control}
            name="reason"
            render={({ field, fieldState }) => (
              <Textarea
                ref={field.ref}
                label="Motiv"
                required
                autosize
                minRows={2}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          {error ? <Alert color="red">{error}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Renunță
            </Button>
            <Button type="submit" color="red" loading={isPending}>
              Stornează
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
