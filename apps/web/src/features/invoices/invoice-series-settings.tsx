import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { invoiceSettingsUpdate, type InvoiceSettings } from '@odonto/domain/contracts/invoices';
import { useInvoiceSettings, useSaveInvoiceSettings } from './api';

type SeriesInput = z.input<typeof invoiceSettingsUpdate>;
type SeriesData = z.output<typeof invoiceSettingsUpdate>;

function SeriesForm({ settings }: { settings: InvoiceSettings }) {
  const save = useSaveInvoiceSettings();
  const form = useForm<SeriesInput, unknown, SeriesData>({
    resolver: zodResolver(invoiceSettingsUpdate),
    defaultValues: {
      invoiceSeries: settings.invoiceSeries,
      invoiceStart: settings.invoiceStart,
      creditNoteSeries: settings.creditNoteSeries,
      creditNoteStart: settings.creditNoteStart,
      version: settings.version,
    },
  });

  function handleSubmit(values: SeriesData) {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ ...values, version: saved.version });
        notifications.show({ color: 'teal', message: 'Seriile au fost salvate.' });
      },
    });
  }

  const series = (name: 'invoiceSeries' | 'creditNoteSeries', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput label={label} {...field} error={fieldState.error?.message} />
      )}
    />
  );
  const start = (name: 'invoiceStart' | 'creditNoteStart', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          label={label}
          min={1}
          allowDecimal={false}
          value={field.value}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value))}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      noValidate
      aria-label="Serii facturi"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {series('invoiceSeries', 'Seria facturilor')}
          {start('invoiceStart', 'Primul număr')}
          {series('creditNoteSeries', 'Seria facturilor storno')}
          {start('creditNoteStart', 'Primul număr (storno)')}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Următoarea factură: {settings.invoiceSeries} {settings.nextInvoiceNumber}; următoarea storno:{' '}
          {settings.creditNoteSeries} {settings.nextCreditNoteNumber}.
        </Text>
        {save.isError ? <Alert color="red">{save.error.message}</Alert> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvează seriile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The invoice and credit-note series (admin): numbers follow each other without gaps within a series. */
export function InvoiceSeriesSettings() {
  const settings = useInvoiceSettings();
  return (
    <Stack gap="sm" component="section" aria-labelledby="invoice-series-title">
      <Title order={2} fz="lg" id="invoice-series-title">
        Serii facturi
      </Title>
      {settings.data ? (
        <SeriesForm key={settings.data.version} settings={settings.data} />
      ) : settings.isError ? (
        <Alert color="red">{settings.error.message}</Alert>
      ) : (
        <Skeleton h={120} />
      )}
    </Stack>
  );
}
