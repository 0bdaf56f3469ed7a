import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCalendarDay, toIsoDay } from '@odonto/domain/dates';
import { formatPercent, parsePercent } from '@odonto/domain/money';
import { isCalendarDay } from '@odonto/domain/reports';
import { visibleError } from '../../lib/form';
import { usePriceList } from '../price-list/api';
import { useAddCommissionRate, useCommissionSettings, useReportDoctors } from './api';

const rateForm = z.object({
  doctorId: z.string().min(1, 'Alegeți medicul.'),
  priceItemId: z.string(),
  percent: z
    .string()
    .refine((text) => parsePercent(text) !== null, 'Procentul este între 0 și 100 (ex.: 30 sau 12,5).'),
  validFrom: z.string().refine(isCalendarDay, 'Data nu este validă.'),
});
type RateForm = z.infer<typeof rateForm>;

/**
 * The doctors' commission rates (admin), under the commissions report: a general percent per doctor and
 * overrides for single price-list items, each from a day on. Rates are never rewritten — a newer one
 * takes over for the allocations made from its day.
 */
export function CommissionRates() {
  const settings = useCommissionSettings();
  const doctors = useReportDoctors();
  const prices = usePriceList();
  const addRate = useAddCommissionRate();
  const form = useForm<RateForm>({
    resolver: zodResolver(rateForm),
    mode: 'onTouched',
    defaultValues: { doctorId: '', priceItemId: '', percent: '', validFrom: toIsoDay(new Date()) },
  });

  async function handleSubmit(values: RateForm) {
    try {
      await addRate.mutateAsync({
        doctorId: values.doctorId,
        priceItemId: values.priceItemId || null,
        rateBp: parsePercent(values.percent) ?? 0,
        validFrom: values.validFrom,
      });
      notifications.show({ color: 'teal', message: 'Comisionul a fost salvat.' });
      form.reset({ ...values, percent: '' });
    } catch (error) {
      form.setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  }

  const rates = settings.data?.commissionRates ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="commission-rates-title">
      <Stack gap="sm">
        <Title order={3} fz="md" id="commission-rates-title">
          Procente de comision
        </Title>
        <Text size="sm" c="dimmed">
          Comisionul se calculează la fiecare plată alocată unei lucrări a medicului: procentul articolului
          din lista de prețuri, dacă există, altfel procentul general al medicului.
        </Text>
        <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
          <Group align="flex-start">
            <Controller
              control={form.control}
              name="doctorId"
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  label="Medic"
                  data={(doctors.data ?? []).map((doctor) => ({ value: doctor._id, label: doctor.nume }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={visibleError(fieldState)}
                  searchable
                />
              )}
            />
            <Controller
              control={form.control}
              name="priceItemId"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  label="Articol (opțional)"
                  placeholder="Procent general"
                  data={(prices.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  searchable
                  clearable
                />
              )}
            />
            <Controller
              control={form.control}
              name="percent"
              render={({ field, fieldState }) => (
                <TextInput
                  label="Procent"
                  placeholder="30"
                  {...field}
                  error={visibleError(fieldState)}
                  w={110}
                />
              )}
            />
            <Controller
              control={form.control}
              name="validFrom"
              render={({ field, fieldState }) => (
                <TextInput type="date" label="De la" {...field} error={visibleError(fieldState)} />
              )}
            />
            <Button type="submit" mt={24} loading={addRate.isPending}>
              Adaugă comisionul
            </Button>
          </Group>
          {form.formState.errors.root ? (
            <Text c="red" size="sm">
              {form.formState.errors.root.message}
            </Text>
          ) : null}
        </form>
        {rates.length > 0 ? (
          <Table aria-label="Procente de comision" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Medic</Table.Th>
                <Table.Th>Articol</Table.Th>
                <Table.Th ta="right">Procent</Table.Th>
                <Table.Th>De la</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.map((rate) => (
                <Table.Tr key={rate.id}>
                  <Table.Td>{rate.doctorName ?? rate.doctorId}</Table.Td>
                  <Table.Td>{rate.priceItemName ?? 'General'}</Table.Td>
                  <Table.Td ta="right">{formatPercent(rate.rateBp)}</Table.Td>
                  <Table.Td>{formatCalendarDay(rate.validFrom)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Niciun procent de comision stabilit.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
