import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { stornoRequest } from '@odonto/domain/contracts/invoices';
import { askConfirmation } from '../../ui/confirm-host';

/** The credit note's reason, then a NU/DA confirmation: the whole invoice is reversed. */
export function StornoModal({
  subject,
  isPending,
  error,
  onClose,
  onConfirm,
}: {
  subject: string;
  isPending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { control, handleSubmit } = useForm<{ reason: string }>({
    resolver: zodResolver(stornoRequest),
    defaultValues: { reason: '' },
  });
  const handleSave = handleSubmit(async ({ reason }) => {
    if (await askConfirmation('Emiteți factura storno pentru întreaga factură?')) onConfirm(reason);
  });
  return (
    <Modal opened onClose={onClose} title="Factură storno">
      <form onSubmit={(event) => void handleSave(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{subject}</Text>
          <Controller
            control={control}
            name="reason"
            render={({ field, fieldState }) => (
              <Textarea
                ref={field.ref}
                label="Motivul stornării"
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
              Emite factura storno
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
