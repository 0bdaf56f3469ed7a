import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { LEDGER_MESSAGES } from '@odonto/domain/contracts/ledger';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@odonto/domain/ledger';
import { formatAmount, formatLei, parseAmount } from '@odonto/domain/money';
import { groupFieldRef } from '../../lib/form';
import { useRefund } from './api';
import { amountText } from './payment-modal';

const refundForm = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: amountText,
  reason: z.string().trim().min(3, LEDGER_MESSAGES.reasonRequired).max(500, LEDGER_MESSAGES.reasonTooLong),
});
type RefundForm = z.infer<typeof refundForm>;

export interface RefundModalProps {
  patientId: string;
  /** The advance held: the most that can be given back. */
  advanceBani: number;
  onClose: () => void;
  onDone: () => void;
}

/** "Rambursare": gives back (part of) the advance, as a negative payment with a reason. */
export function RefundModal({ patientId, advanceBani, onClose, onDone }: RefundModalProps) {
  const refund = useRefund(patientId);
  const { control, handleSubmit } = useForm<RefundForm>({
    resolver: zodResolver(refundForm),
    defaultValues: { method: 'numerar', amount: formatAmount(advanceBani), reason: '' },
  });
  const handleSave = handleSubmit((values) => {
    refund.mutate(
      { method: values.method, amountBani: parseAmount(values.amount) ?? 0, reason: values.reason },
      { onSuccess: onDone },
    );
  });
  return (
    <Modal opened onClose={onClose} title="Rambursare avans">
      <form onSubmit={(event) => void handleSave(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">Avans disponibil: {formatLei(advanceBani)}</Text>
          <Controller
            control={control}
            name="method"
            render={({ field }) => (
              <SegmentedControl
                ref={groupFieldRef(field.ref)}
                aria-label="Mod de rambursare"
                value={field.value}
                onChange={field.onChange}
                data={PAYMENT_METHODS.map((method) => ({
                  value: method,
                  label: PAYMENT_METHOD_LABELS[method],
                }))}
              />
            )}
          />
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <TextInput
                ref={field.ref}
                label="Suma (lei)"
                required
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="reason"
            render={({ field, fieldState }) => (
              <Textarea
                ref={field.ref}
                label="Motiv"
                required
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          {refund.isError ? <Alert color="red">{refund.error.message}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Renunță
            </Button>
            <Button type="submit" loading={refund.isPending}>
              Rambursează
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
