import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
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
import { useCashDesk } from './use-cash-desk';

const refundForm = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: amountText,
  reason: z.string().trim().min(3, LEDGER_MESSAGES.reasonRequired).max(500, LEDGER_MESSAGES.reasonTooLong),
  /** '' until the user picks one: the cash desk's default. */
  sediuId: z.string(),
});
type RefundForm = z.infer<typeof refundForm>;

export interface RefundModalProps {
  patientId: string;
  /** The advance held: the most that can be given back. */
  advanceBani: number;
  onClose: () => void;
  onDone: () => void;
}

/**
 * "Rambursare": gives back (part of) the advance, as a negative payment with a reason; in a clinic group, a
 * user of several locations chooses where ("Sediu", their first one).
 */
export function RefundModal({ patientId, advanceBani, onClose, onDone }: RefundModalProps) {
  const refund = useRefund(patientId);
  const desk = useCashDesk();
  const { control, handleSubmit } = useForm<RefundForm>({
    resolver: zodResolver(refundForm),
    defaultValues: { method: 'numerar', amount: formatAmount(advanceBani), reason: '', sediuId: '' },
  });
  const handleSave = handleSubmit((values) => {
    refund.mutate(
      {
        method: values.method,
        amountBani: parseAmount(values.amount) ?? 0,
        reason: values.reason,
        ...(desk ? { sediuId: values.sediuId || desk.defaultId } : {}),
      },
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
          {desk ? (
            <Controller
              control={control}
              name="sediuId"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  label="Sediu"
                  data={desk.choices}
                  value={field.value || desk.defaultId}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                />
              )}
            />
          ) : null}
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
