import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
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
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { invoiceSettingsUpdate, type InvoiceSettings } from '@odonto/domain/contracts/invoices';
import { isClinicGroup, type LocationsAnswer } from '@odonto/domain/contracts/locations';
import { useLocations } from '../locations/api';
import { useInvoiceSettings, useSaveInvoiceSettings } from './api';

type SeriesInput = z.input<typeof invoiceSettingsUpdate>;
type SeriesData = z.output<typeof invoiceSettingsUpdate>;

/** A location the form offers: the open ones, and a closed one that still has series of its own. */
interface SeriesPlace {
  id: string;
  name: string;
  archived: boolean;
}

/**
 * The locations to offer series for, or null outside a clinic group (the form then neither shows nor sends
 * them: a single-location clinic sees the screen it always had).
 */
function seriesPlaces(settings: InvoiceSettings, answer: LocationsAnswer | undefined): SeriesPlace[] | null {
  if (!answer) return null;
  if (!isClinicGroup(answer.locations) && settings.locations.length === 0) return null;
  const owned = new Set(settings.locations.map((pair) => pair.locationId));
  return answer.locations
    .filter((place) => !place.archived || owned.has(place.id))
    .map((place) => ({ id: place.id, name: place.name, archived: place.archived }));
}

function SeriesForm({ settings, places }: { settings: InvoiceSettings; places: SeriesPlace[] | null }) {
  const save = useSaveInvoiceSettings();
  const form = useForm<SeriesInput, unknown, SeriesData>({
    resolver: zodResolver(invoiceSettingsUpdate),
    defaultValues: {
      invoiceSeries: settings.invoiceSeries,
      invoiceStart: settings.invoiceStart,
      creditNoteSeries: settings.creditNoteSeries,
      creditNoteStart: settings.creditNoteStart,
      ...(places
        ? {
            locations: settings.locations.map((pair) => ({
              locationId: pair.locationId,
              invoiceSeries: pair.invoiceSeries,
              invoiceStart: pair.invoiceStart,
              creditNoteSeries: pair.creditNoteSeries,
              creditNoteStart: pair.creditNoteStart,
            })),
          }
        : {}),
      version: settings.version,
    },
  });
  const pairs = useFieldArray({ control: form.control, name: 'locations', keyName: 'key' });

  function handleSubmit(values: SeriesData) {
    // Outside a group the locations' series are not sent, so the server keeps whatever it has.
    const { locations, ...clinic } = values;
    save.mutate(places ? { ...clinic, locations: locations ?? [] } : clinic, {
      onSuccess: (saved) => {
        form.reset({ ...values, version: saved.version });
        notifications.show({ color: 'teal', message: 'Seriile au fost salvate.' });
      },
    });
  }

  type SeriesName =
    'invoiceSeries' | 'creditNoteSeries' | `locations.${number}.${'invoiceSeries' | 'creditNoteSeries'}`;
  type StartName =
    'invoiceStart' | 'creditNoteStart' | `locations.${number}.${'invoiceStart' | 'creditNoteStart'}`;

  const series = (name: SeriesName, label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput label={label} {...field} error={fieldState.error?.message} />
      )}
    />
  );
  const start = (name: StartName, label: string) => (
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

  function toggle(placeId: string, own: boolean) {
    const index = pairs.fields.findIndex((pair) => pair.locationId === placeId);
    if (own && index < 0) {
      pairs.append({
        locationId: placeId,
        invoiceSeries: '',
        invoiceStart: 1,
        creditNoteSeries: '',
        creditNoteStart: 1,
      });
    } else if (!own && index >= 0) {
      pairs.remove(index);
    }
  }

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
        {places ? (
          <Stack gap="xs">
            <Title order={3} fz="md">
              Serii pe sedii
            </Title>
            <Text size="sm" c="dimmed">
              Un sediu fără serii proprii folosește seriile clinicii. Stornarea unei facturi ia seria storno a
              sediului facturii. O serie folosită în mai multe locuri are o singură numerotare.
            </Text>
            {places.map((place) => {
              const index = pairs.fields.findIndex((pair) => pair.locationId === place.id);
              const saved = settings.locations.find((pair) => pair.locationId === place.id);
              const name = place.archived ? `${place.name} (închis)` : place.name;
              return (
                <Stack key={place.id} gap="xs" role="group" aria-label={name}>
                  <Text fw={500}>{name}</Text>
                  <Checkbox
                    label="Serii proprii"
                    checked={index >= 0}
                    onChange={(event) => toggle(place.id, event.currentTarget.checked)}
                  />
                  {index >= 0 ? (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      {series(`locations.${index}.invoiceSeries`, 'Seria facturilor')}
                      {start(`locations.${index}.invoiceStart`, 'Primul număr')}
                      {series(`locations.${index}.creditNoteSeries`, 'Seria facturilor storno')}
                      {start(`locations.${index}.creditNoteStart`, 'Primul număr (storno)')}
                    </SimpleGrid>
                  ) : null}
                  {saved && index >= 0 ? (
                    <Text size="sm" c="dimmed">
                      Următoarea factură: {saved.invoiceSeries} {saved.nextInvoiceNumber}; următoarea storno:{' '}
                      {saved.creditNoteSeries} {saved.nextCreditNoteNumber}.
                    </Text>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        ) : null}
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

/**
 * The invoice and credit-note series (admin): numbers follow each other without gaps within a series. In a
 * clinic group, a location may have series of its own (issue 14).
 */
export function InvoiceSeriesSettings() {
  const settings = useInvoiceSettings();
  const locations = useLocations();
  const places = settings.data ? seriesPlaces(settings.data, locations.data) : null;
  const ready = settings.data && (locations.data || locations.isError);
  return (
    <Stack gap="sm" component="section" aria-labelledby="invoice-series-title">
      <Title order={2} fz="lg" id="invoice-series-title">
        Serii facturi
      </Title>
      {settings.data && ready ? (
        <SeriesForm
          key={`${settings.data.version}-${places ? 'group' : 'one'}`}
          settings={settings.data}
          places={places}
        />
      ) : settings.isError ? (
        <Alert color="red">{settings.error.message}</Alert>
      ) : (
        <Skeleton h={120} />
      )}
    </Stack>
  );
}
