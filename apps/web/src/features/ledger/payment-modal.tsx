import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { LEDGER_MESSAGES, type Charge, type PaymentResponse } from '@odonto/domain/contracts/ledger';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@odonto/domain/ledger';
import { formatAmount, formatLei, MONEY_MESSAGES, parseAmount } from '@odonto/domain/money';
import { showServerFieldErrors } from '../../lib/form';
import { groupFieldRef } from '../../lib/form';
import { isApiError } from '../../lib/http';
import { FormErrorSummary } from '../../ui/form-errors';
import { useTakePayment } from './api';
import { useCashDesk } from './use-cash-desk';
import { formatCalendarDay } from '@odonto/domain/dates';

/** A typed amount ('1.250,00') that is a whole number of bani above zero. */
export const amountText = z.string().superRefine((text, ctx) => {
  const bani = parseAmount(text);
  if (bani === null) ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.invalidText });
  else if (bani <= 0) ctx.addIssue({ code: 'custom', message: LEDGER_MESSAGES.amountPositive });
});

const paymentForm = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: amountText,
  isAdvance: z.boolean(),
  chargeIds: z.array(z.string()),
  note: z.string().max(500, LEDGER_MESSAGES.noteTooLong),
  /** '' until the user picks one: the cash desk's default. */
  sediuId: z.string(),
});
type PaymentForm = z.infer<typeof paymentForm>;

const PAYMENT_LABELS = {
  method: 'Mod de plată',
  amount: 'Suma (lei)',
  chargeIds: 'Taxe de achitat',
  note: 'Notă',
  sediuId: 'Sediu',
};

export interface PaymentModalProps {
  patientId: string;
  opened: boolean;
  /** The charges still to pay, oldest first (they can be picked). */
  openCharges: readonly Charge[];
  onClose: () => void;
  onPaid: (answer: PaymentResponse) => void;
}

/**
 * "Încasare": method, amount (typed as '1.250,00'), advance toggle and, unless it is an advance, the charges
 * to settle in the order picked (none picked: the oldest open ones); what is left stays as an advance. In a
 * clinic group, a user of several locations chooses where the money is taken ("Sediu", their first one).
 */
export function PaymentModal({ patientId, opened, openCharges, onClose, onPaid }: PaymentModalProps) {
  const owed = openCharges.reduce((sum, charge) => sum + charge.openBani, 0);
  const form = useForm<PaymentForm>({
    resolver: zodResolver(paymentForm),
    defaultValues: {
      method: 'numerar',
      amount: owed > 0 ? formatAmount(owed) : '',
      isAdvance: owed === 0,
      chargeIds: [],
      note: '',
      sediuId: '',
    },
  });
  const { control, handleSubmit, reset, formState } = form;
  const isAdvance = useWatch({ control, name: 'isAdvance' });
  const takePayment = useTakePayment(patientId);
  const desk = useCashDesk();

  function handleClose() {
    reset();
    takePayment.reset();
    onClose();
  }

  const handleSave = handleSubmit((values) => {
    takePayment.mutate(
      {
        method: values.method,
        amountBani: parseAmount(values.amount) ?? 0,
        isAdvance: values.isAdvance,
        ...(values.isAdvance || values.chargeIds.length === 0 ? {} : { chargeIds: values.chargeIds }),
        note: values.note.trim(),
        ...(desk ? { sediuId: values.sediuId || desk.defaultId } : {}),
      },
      {
        onSuccess: (answer) => {
          reset();
          onPaid(answer);
        },
        onError: (error) => {
          showServerFieldErrors(form, error, { amountBani: 'amount' });
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={handleClose} title="Încasare" size="lg">
      <form onSubmit={(event) => void handleSave(event)} noValidate>
        <Stack gap="sm">
          <FormErrorSummary form={form} labels={PAYMENT_LABELS} />
          <Controller
            control={control}
            name="method"
            render={({ field }) => (
              <SegmentedControl
                ref={groupFieldRef(field.ref)}
                aria-label={PAYMENT_LABELS.method}
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
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  label={PAYMENT_LABELS.sediuId}
                  data={desk.choices}
                  value={field.value || desk.defaultId}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={fieldState.error?.message}
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
                label={PAYMENT_LABELS.amount}
                placeholder="1.250,00"
                inputMode="decimal"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={() => {
                  const bani = parseAmount(field.value);
                  if (bani !== null) field.onChange(formatAmount(bani));
                  field.onBlur();
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="isAdvance"
            render={({ field }) => (
              <Switch
                ref={field.ref}
                label="Avans (nu se alocă pe taxe)"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          {!isAdvance && openCharges.length > 0 ? (
            <Controller
              control={control}
              name="chargeIds"
              render={({ field }) => (
                <Checkbox.Group
                  ref={groupFieldRef(field.ref)}
                  label={PAYMENT_LABELS.chargeIds}
                  description="Nebifate: se achită întâi cele mai vechi. Bifate: în ordinea alegerii."
                  value={field.value}
                  onChange={field.onChange}
                >
                  <Stack gap={4} mt={4}>
                    {openCharges.map((charge) => (
                      <Checkbox
                        key={charge.id}
                        value={charge.id}
                        label={`${formatCalendarDay(charge.day)} · ${charge.description} · rest ${formatLei(charge.openBani)}`}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
          ) : null}
          <Controller
            control={control}
            name="note"
            render={({ field, fieldState }) => (
              <TextInput
                ref={field.ref}
                label={PAYMENT_LABELS.note}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          {takePayment.isError &&
          !isApiError(takePayment.error, 400) &&
          !(isApiError(takePayment.error, 422) && takePayment.error.fields['sediuId']) ? (
            <Alert color="red">{takePayment.error.message}</Alert>
          ) : null}
          {takePayment.isError &&
          isApiError(takePayment.error, 400) &&
          !takePayment.error.fields['amountBani'] ? (
            <Alert color="red">
              {Object.values(takePayment.error.fields)[0] ?? takePayment.error.message}
            </Alert>
          ) : null}
          {owed > 0 ? (
            <Text size="sm" c="dimmed">
              De plată: {formatLei(owed)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Renunță
            </Button>
            <Button type="submit" loading={takePayment.isPending || formState.isSubmitting}>
              Încasează
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
