import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  cycleRequest,
  STERILISATION_MESSAGES as M,
  type Cycle,
  type CycleRequest,
  type CycleRequestInput,
  type Instrument,
  type SterilisationSettings,
} from '@odonto/domain/contracts/sterilisation';
import { toInstant } from '@odonto/domain/clinic-time';
import { groupFieldRef, showServerFieldErrors } from '../../lib/form';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { FormErrorSummary } from '../../ui/form-errors';
import { useInstruments, useRecordCycle, useReserveId } from './api';

/**
 * The cycle's date and time from the form's field (clinic time), as the ISO instant the API takes;
 * undefined when left empty (the server records now), null when it is not a date.
 */
export function startedAtOf(text: string): string | undefined | null {
  if (text.trim() === '') return undefined;
  const instant = toInstant(text.trim());
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

const INTEGRATOR = [
  { value: 'pass', label: 'Conform' },
  { value: 'fail', label: 'Neconform' },
];
const BIOLOGICAL = [
  { value: 'none', label: 'Fără' },
  { value: 'pending', label: 'În așteptare' },
  { value: 'pass', label: 'Conform' },
  { value: 'fail', label: 'Neconform' },
];

/** The fields' labels in the form's order, for the list of errors above it. */
const CYCLE_LABELS = {
  items: 'Instrumente în șarjă',
  autoclave: 'Autoclav',
  programme: 'Program',
  temperature: 'Temperatura (°C)',
  pressure: 'Presiunea (bar)',
  duration: 'Durata (min)',
  integrator: 'Integrator chimic clasa 5',
  biological: 'Indicator biologic',
  packagingChecked: 'Integritatea ambalajelor a fost verificată',
};

/** The side panel's sterilise view: one autoclave load, each pouch with an id reserved from the server. */
export function steriliseDefaults(settings: SterilisationSettings): CycleRequestInput {
  const programme = settings.programmes[0];
  return {
    autoclave: settings.autoclaves[0] ?? '',
    programme: programme?.name ?? '',
    temperature: programme?.temperature ?? 134,
    pressure: programme?.pressure ?? 2.1,
    duration: programme?.duration ?? 5,
    integrator: 'pass',
    biological: 'none',
    packagingChecked: false as true,
    items: [],
  };
}

export function SteriliseForm({
  settings,
  first,
  onRecorded,
}: {
  settings: SterilisationSettings;
  first: Instrument | null;
  onRecorded: (cycle: Cycle) => void;
}) {
  const all = useInstruments('');
  const reserve = useReserveId();
  const record = useRecordCycle();
  const [reserved, setReserved] = useState<Record<string, number>>({});
  const [startedAtText, setStartedAtText] = useState('');
  const [startedAtError, setStartedAtError] = useState<string | null>(null);
  const asked = useRef(new Set<string>());
  const form = useForm<CycleRequestInput, unknown, CycleRequest>({
    resolver: zodResolver(cycleRequest),
    defaultValues: {
      ...steriliseDefaults(settings),
      items: first ? [{ instrumentId: first._id }] : [],
    },
  });
  const { control, setValue, formState } = form;
  const items = useWatch({ control, name: 'items' });
  const reserveMutate = reserve.mutateAsync;

  // Each pouch added to the load gets its sterilisation id from the server at once (SPEC.md §7 get-id).
  useEffect(() => {
    for (const { instrumentId } of items) {
      if (asked.current.has(instrumentId)) continue;
      asked.current.add(instrumentId);
      void reserveMutate()
        .then(({ id }) => setReserved((current) => ({ ...current, [instrumentId]: id })))
        .catch(() => asked.current.delete(instrumentId));
    }
  }, [items, reserveMutate]);

  function handleProgramme(name: string | null) {
    const programme = settings.programmes.find((entry) => entry.name === name);
    if (!programme) return;
    setValue('programme', programme.name);
    setValue('temperature', programme.temperature);
    setValue('pressure', programme.pressure);
    setValue('duration', programme.duration);
  }

  async function handleRecord(data: CycleRequest) {
    const startedAt = startedAtOf(startedAtText);
    setStartedAtError(startedAt === null ? M.startedAt : null);
    if (startedAt === null) return;
    try {
      const items = data.items.map(({ instrumentId }) => {
        const id = reserved[instrumentId];
        return id === undefined ? { instrumentId } : { instrumentId, id_sterilizare: id };
      });
      const body = { ...data, items };
      onRecorded(await record.mutateAsync(startedAt === undefined ? body : { ...body, startedAt }));
    } catch (failure) {
      // Messages for the form's fields stand under them; the rest in the alert below.
      showServerFieldErrors(form, failure);
    }
  }

  const options = (all.data ?? []).map((instrument) => ({ value: instrument._id, label: instrument.name }));
  const names = new Map(options.map((option) => [option.value, option.label]));
  const error = (name: keyof CycleRequestInput) => formState.errors[name]?.message;

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleRecord)(event)} noValidate>
      <Stack gap="md">
        <Title order={2} fz="md" c="teal.9">
          Sterilizare (ciclu nou)
        </Title>
        <FormErrorSummary form={form} labels={CYCLE_LABELS} />
        <Controller
          control={control}
          name="items"
          render={({ field }) => (
            <MultiSelect
              ref={field.ref}
              label={CYCLE_LABELS.items}
              withAsterisk
              searchable
              data={options}
              value={field.value.map((item) => item.instrumentId)}
              onChange={(ids) => field.onChange(ids.map((instrumentId) => ({ instrumentId })))}
              error={formState.errors.items?.message ?? formState.errors.items?.root?.message}
            />
          )}
        />
        {items.length > 0 ? (
          <Group gap="xs" aria-label="ID-uri de sterilizare">
            {items.map(({ instrumentId }) => (
              <Badge key={instrumentId} size="lg" variant="outline">
                {reserved[instrumentId] ?? '…'} - {names.get(instrumentId) ?? ''}
              </Badge>
            ))}
          </Group>
        ) : null}
        <DateTimePicker
          label="Data și ora ciclului"
          description="Goală: acum"
          placeholder="Acum"
          // The picker answers 'YYYY-MM-DD HH:mm:ss'; the field keeps 'YYYY-MM-DDTHH:mm', as startedAtOf reads it.
          value={startedAtText === '' ? null : `${startedAtText.replace('T', ' ')}:00`}
          onChange={(value) => setStartedAtText(value ? value.slice(0, 16).replace(' ', 'T') : '')}
          valueFormat="DD.MM.YYYY HH:mm"
          {...DATE_PICKER_A11Y}
          clearable
          clearButtonProps={{ 'aria-label': 'Șterge data și ora' }}
          error={startedAtError ?? formState.errors.startedAt?.message}
        />
        <SimpleGrid type="container" cols={{ base: 1, '360px': 2 }}>
          <Controller
            control={control}
            name="autoclave"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label={CYCLE_LABELS.autoclave}
                withAsterisk
                data={settings.autoclaves}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                allowDeselect={false}
                error={error('autoclave')}
              />
            )}
          />
          <Controller
            control={control}
            name="programme"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label={CYCLE_LABELS.programme}
                withAsterisk
                data={settings.programmes.map((p) => p.name)}
                value={field.value}
                onChange={handleProgramme}
                allowDeselect={false}
                error={error('programme')}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid type="container" cols={{ base: 1, '420px': 3 }}>
          {(
            [
              ['temperature', CYCLE_LABELS.temperature, 0],
              ['pressure', CYCLE_LABELS.pressure, 2],
              ['duration', CYCLE_LABELS.duration, 0],
            ] as const
          ).map(([name, label, decimals]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  ref={field.ref}
                  label={label}
                  withAsterisk
                  decimalScale={decimals}
                  decimalSeparator=","
                  value={field.value}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                  error={error(name)}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <div>
          <Text fw={500} mb={4}>
            Integrator chimic clasa 5
          </Text>
          <Controller
            control={control}
            name="integrator"
            render={({ field }) => (
              <SegmentedControl
                ref={groupFieldRef(field.ref)}
                fullWidth
                data={INTEGRATOR}
                value={field.value}
                onChange={field.onChange}
                aria-label="Integrator chimic clasa 5"
              />
            )}
          />
        </div>
        <div>
          <Text fw={500} mb={4}>
            Indicator biologic
          </Text>
          <Controller
            control={control}
            name="biological"
            render={({ field }) => (
              <SegmentedControl
                ref={groupFieldRef(field.ref)}
                fullWidth
                data={BIOLOGICAL}
                value={field.value}
                onChange={field.onChange}
                aria-label="Indicator biologic"
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="packagingChecked"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              label={CYCLE_LABELS.packagingChecked}
              checked={field.value === true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              error={error('packagingChecked')}
            />
          )}
        />
        {record.error ? (
          <Alert color="red" title="Ciclul nu a fost înregistrat">
            {record.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            Înregistrează ciclul
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
