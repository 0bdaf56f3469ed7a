import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { LEDGER_MESSAGES } from '@odonto/domain/contracts/ledger';
import { formatLei } from '@odonto/domain/money';
import { showServerFieldErrors } from '../../lib/form';
import { FormErrorSummary } from '../../ui/form-errors';
import { usePriceList } from '../price-list/api';
import { useAddCharge } from './api';

const chargeForm = z.object({
  priceItemId: z.string().min(1, LEDGER_MESSAGES.priceItemNotFound),
  quantity: z
    .number(LEDGER_MESSAGES.quantity)
    .int(LEDGER_MESSAGES.quantity)
    .min(1, LEDGER_MESSAGES.quantity)
    .max(99),
  note: z.string().max(500, LEDGER_MESSAGES.noteTooLong),
});
type ChargeForm = z.infer<typeof chargeForm>;

const CHARGE_LABELS = { priceItemId: 'Articol din lista de prețuri', quantity: 'Cantitate', note: 'Notă' };

/** "Taxă nouă": a manual charge for an item of the price list, at today's price times the quantity. */
export function ChargeModal({ patientId, onClose }: { patientId: string; onClose: () => void }) {
  const priceList = usePriceList();
  const addCharge = useAddCharge(patientId);
  const form = useForm<ChargeForm>({
    resolver: zodResolver(chargeForm),
    defaultValues: { priceItemId: '', quantity: 1, note: '' },
  });
  const { control, handleSubmit } = form;
  // A refusal naming the form's fields is shown on them; any other above the buttons.
  const [isOnFields, setOnFields] = useState(false);
  const items = (priceList.data?.items ?? []).filter(
    (item) => item.price !== null && item.price.amountBani > 0,
  );
  const handleSave = handleSubmit((values) => {
    addCharge.mutate(
      { priceItemId: values.priceItemId, quantity: values.quantity, note: values.note.trim() },
      { onSuccess: onClose, onError: (error) => setOnFields(showServerFieldErrors(form, error)) },
    );
  });
  return (
    <Modal opened onClose={onClose} title="Taxă nouă">
      <form onSubmit={(event) => void handleSave(event)} noValidate>
        <Stack gap="sm">
          <FormErrorSummary form={form} labels={CHARGE_LABELS} />
          <Controller
            control={control}
            name="priceItemId"
            render={({ field, fieldState }) => (
              <Select
                ref={field.ref}
                label={CHARGE_LABELS.priceItemId}
                searchable
                required
                nothingFoundMessage="Niciun articol"
                data={items.map((item) => ({
                  value: item.id,
                  label: `${item.name} — ${formatLei(item.price?.amountBani ?? 0)}`,
                }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="quantity"
            render={({ field, fieldState }) => (
              <NumberInput
                ref={field.ref}
                label={CHARGE_LABELS.quantity}
                withAsterisk
                min={1}
                max={99}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value))}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="note"
            render={({ field }) => (
              <TextInput
                ref={field.ref}
                label={CHARGE_LABELS.note}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {addCharge.isError && !isOnFields ? (
            <Alert color="red">
              {Object.values(
                'fields' in addCharge.error ? (addCharge.error.fields as Record<string, string>) : {},
              )[0] ?? addCharge.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Renunță
            </Button>
            <Button type="submit" loading={addCharge.isPending}>
              Adaugă taxa
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
