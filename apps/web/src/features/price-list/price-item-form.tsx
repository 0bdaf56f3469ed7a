import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PRICE_LIST_MESSAGES, type PriceItem, type VatSettings } from '@odonto/domain/contracts/price-list';
import { toIsoDay } from '@odonto/domain/dates';
import { MONEY_MESSAGES, parseAmount } from '@odonto/domain/money';
import { formatVatCategory, PRICE_UNIT_LABELS, PRICE_UNITS, type PriceUnit } from '@odonto/domain/price-list';
import { showServerFieldErrors, visibleError } from '../../lib/form';
import { FormErrorSummary } from '../../ui/form-errors';
import { useCreatePriceItem, useUpdatePriceItem } from './api';

/** The VAT choice as a Select value: 'scutit' or the rate in basis points. */
const EXEMPT = 'scutit';

const itemForm = z.object({
  code: z.string().trim().max(20, PRICE_LIST_MESSAGES.code),
  name: z.string().trim().min(1, PRICE_LIST_MESSAGES.nameRequired).max(200, PRICE_LIST_MESSAGES.nameTooLong),
  group: z
    .string()
    .trim()
    .min(1, PRICE_LIST_MESSAGES.groupRequired)
    .max(100, PRICE_LIST_MESSAGES.groupTooLong),
  unit: z.enum(PRICE_UNITS, PRICE_LIST_MESSAGES.unit),
  vat: z.string(),
  active: z.boolean(),
  price: z.string(),
  validFrom: z.string(),
});
type ItemFormValues = z.infer<typeof itemForm>;

/** The fields' labels in the form's order, for the list of errors above it. */
const PRICE_ITEM_LABELS = {
  code: 'Cod',
  name: 'Denumire',
  group: 'Grupa',
  unit: 'Unitate',
  vat: 'TVA',
  active: 'Activ (apare în planuri)',
  price: 'Preț (lei)',
  validFrom: 'Valabil de la',
};

/** The VAT options: exempt, then the clinic's rates (and the item's own, if the clinic dropped it). */
export function vatOptions(settings: VatSettings | undefined, current: number | null = null) {
  const rates = new Set(settings?.ratesBp ?? []);
  if (current !== null) rates.add(current);
  return [
    { value: EXEMPT, label: 'scutit de TVA' },
    ...[...rates].map((bp) => ({ value: String(bp), label: `TVA ${formatVatCategory(bp)}` })),
  ];
}

interface PriceItemFormProps {
  /** The item to edit; a new own item when absent. */
  item?: PriceItem;
  groups: readonly string[];
  vat: VatSettings | undefined;
  onDone: () => void;
}

/** Adds one of the clinic's own items (with its first price) or edits an item's details. */
export function PriceItemForm({ item, groups, vat, onDone }: PriceItemFormProps) {
  const isCatalogue = item?.catalogueId != null;
  const today = toIsoDay(new Date());
  const form = useForm<ItemFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(itemForm),
    defaultValues: {
      code: item?.code ?? '',
      name: item?.name ?? '',
      group: item?.group ?? '',
      unit: item?.unit ?? 'vizita',
      vat: item?.vatRateBp == null ? EXEMPT : String(item.vatRateBp),
      active: item?.active ?? true,
      price: '',
      validFrom: today,
    },
  });
  const create = useCreatePriceItem();
  const update = useUpdatePriceItem();
  const mutation = item ? update : create;

  function handleSubmit(values: ItemFormValues) {
    const vatRateBp = values.vat === EXEMPT ? null : Number(values.vat);
    const onError = (error: Error) =>
      showServerFieldErrors(form, error, { amountBani: 'price', vatRateBp: 'vat' });
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        message: item ? 'Articolul a fost salvat.' : 'Articolul a fost adăugat.',
      });
      onDone();
    };
    if (item) {
      update.mutate(
        {
          id: item.id,
          ...(isCatalogue ? {} : { name: values.name }),
          group: values.group,
          unit: values.unit,
          vatRateBp,
          active: values.active,
          version: item.version,
        },
        { onSuccess, onError },
      );
      return;
    }
    const amountBani = parseAmount(values.price);
    if (amountBani === null || amountBani < 0) {
      form.setError('price', { type: 'manual', message: MONEY_MESSAGES.invalidText });
      return;
    }
    create.mutate(
      {
        code: values.code,
        name: values.name,
        group: values.group,
        unit: values.unit,
        vatRateBp,
        active: values.active,
        amountBani,
        validFrom: values.validFrom,
      },
      { onSuccess, onError },
    );
  }

  const text = (name: 'code' | 'name' | 'price' | 'validFrom', label: string, extra: object = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          label={label}
          error={visibleError(fieldState) ?? fieldState.error?.message}
          {...extra}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)} noValidate>
      <Stack gap="sm">
        <FormErrorSummary form={form} labels={PRICE_ITEM_LABELS} />
        {item
          ? null
          : text('code', PRICE_ITEM_LABELS.code, { description: 'Gol: se alege următorul cod P-….' })}
        {text('name', PRICE_ITEM_LABELS.name, { disabled: isCatalogue, required: true })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="group"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label={PRICE_ITEM_LABELS.group}
                required
                list="price-list-groups"
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="unit"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label={PRICE_ITEM_LABELS.unit}
                data={PRICE_UNITS.map((unit) => ({ value: unit, label: PRICE_UNIT_LABELS[unit] }))}
                value={field.value}
                onChange={(value) => field.onChange((value ?? 'vizita') as PriceUnit)}
                allowDeselect={false}
              />
            )}
          />
          <Controller
            control={form.control}
            name="vat"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label={PRICE_ITEM_LABELS.vat}
                data={vatOptions(vat, item?.vatRateBp ?? null)}
                value={field.value}
                onChange={(value) => field.onChange(value ?? EXEMPT)}
                allowDeselect={false}
              />
            )}
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Checkbox
                ref={field.ref}
                mt={30}
                label={PRICE_ITEM_LABELS.active}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        </SimpleGrid>
        <datalist id="price-list-groups">
          {groups.map((group) => (
            <option key={group} value={group} />
          ))}
        </datalist>
        {item ? null : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('price', PRICE_ITEM_LABELS.price, {
              required: true,
              placeholder: 'ex. 1.250,00',
              inputMode: 'decimal',
            })}
            {text('validFrom', PRICE_ITEM_LABELS.validFrom, { type: 'date', min: today, required: true })}
          </SimpleGrid>
        )}
        {mutation.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            {mutation.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Renunță
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={mutation.isPending}>
            {item ? 'Salvează articolul' : 'Adaugă articolul'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
