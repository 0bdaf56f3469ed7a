import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import {
  locationSellerInput,
  type LocationSeller,
  type LocationSellerData,
  type LocationSellerInput,
} from '@odonto/domain/contracts/clinic';
import { COUNTIES } from '@odonto/domain/places';
import { showServerFieldErrors, visibleError } from '../../lib/form';
import { askConfirmation } from '../../ui/confirm-host';
import { FormErrorSummary } from '../../ui/form-errors';
import { useLocationSeller, useRemoveLocationSeller, useSaveLocationSeller } from './api';

/** The fields' labels in the form's order (the clinic's seller labels). */
export const LOCATION_SELLER_LABELS = {
  nume: 'Denumirea furnizorului',
  cui: 'Cod fiscal (CUI)',
  regCom: 'Nr. Reg. Com.',
  strada: 'Strada și numărul',
  localitate: 'Localitatea (București: sectorul)',
  judetCod: 'Județul',
  codPostal: 'Cod poștal',
  iban: 'IBAN',
  banca: 'Banca',
  telefon: 'Telefon',
  email: 'Email',
} as const;

type TextField = Exclude<keyof typeof LOCATION_SELLER_LABELS, 'judetCod'>;
const COUNTY_OPTIONS = COUNTIES.map((county) => ({ value: county.auto, label: county.nume }));

const EMPTY: LocationSellerInput = {
  nume: '',
  telefon: '',
  email: '',
  cui: '',
  regCom: '',
  strada: '',
  localitate: '',
  judetCod: '',
  codPostal: '',
  iban: '',
  banca: '',
  platitorTva: false,
};

function SellerForm({
  locationId,
  answer,
  onDone,
}: {
  locationId: string;
  answer: LocationSeller;
  onDone: () => void;
}) {
  const [own, setOwn] = useState(answer.seller !== null);
  const form = useForm<LocationSellerInput, unknown, LocationSellerData>({
    mode: 'onTouched',
    resolver: zodResolver(locationSellerInput),
    defaultValues: answer.seller ?? EMPTY,
  });
  const save = useSaveLocationSeller(locationId);
  const remove = useRemoveLocationSeller(locationId);
  const failed = save.isError ? save.error : remove.isError ? remove.error : null;

  function handleSubmit(values: LocationSellerData) {
    save.mutate(
      { ...values, version: answer.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Datele de facturare ale sediului au fost salvate.' });
          onDone();
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );
  }

  async function switchToClinicSeller() {
    if (answer.seller === null) {
      onDone();
      return;
    }
    if (
      !(await askConfirmation(
        'Sediul se va factura cu datele clinicii. Facturile emise își păstrează furnizorul.',
      ))
    )
      return;
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: 'Sediul se facturează cu datele clinicii.' });
        onDone();
      },
    });
  }

  const field = (name: TextField, extra: object = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: input, fieldState }) => (
        <TextInput
          {...input}
          value={input.value ?? ''}
          label={LOCATION_SELLER_LABELS[name]}
          error={fieldState.error?.type === 'server' ? fieldState.error.message : visibleError(fieldState)}
          {...extra}
        />
      )}
    />
  );

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      noValidate
      aria-label="Date de facturare ale sediului"
    >
      <Stack gap="sm">
        <Checkbox
          label="Sediul se facturează ca altă firmă (date de facturare proprii)"
          checked={own}
          onChange={(event) => setOwn(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          {own
            ? 'Facturile emise la acest sediu vor avea acest furnizor, pe factură și în RO e-Factura. Facturile deja emise nu se schimbă.'
            : 'Facturile emise la acest sediu au ca furnizor clinica (Date clinică).'}
        </Text>
        {own ? (
          <>
            <FormErrorSummary form={form} labels={LOCATION_SELLER_LABELS} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {field('nume', { required: true, 'data-autofocus': true })}
              {field('cui', { required: true })}
              {field('regCom')}
              {field('strada', { required: true })}
              {field('localitate', { required: true })}
              <Controller
                control={form.control}
                name="judetCod"
                render={({ field: input, fieldState }) => (
                  <Select
                    ref={input.ref}
                    label={LOCATION_SELLER_LABELS.judetCod}
                    required
                    data={COUNTY_OPTIONS}
                    searchable
                    clearable
                    value={input.value || null}
                    onChange={(value) => input.onChange(value ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
              {field('codPostal')}
              {field('iban')}
              {field('banca')}
              {field('telefon', { inputMode: 'tel' })}
              {field('email')}
              <Controller
                control={form.control}
                name="platitorTva"
                render={({ field: input }) => (
                  <Checkbox
                    ref={input.ref}
                    mt="lg"
                    label="Plătitor de TVA"
                    checked={input.value ?? false}
                    onChange={(event) => input.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Un sediu cu alt CIF decât al clinicii emite facturi după ce un administrator adaugă CIF-ul la
              conexiunea RO e-Factura (Setări › e-Factura), dacă persoana autorizată îl poate folosi în SPV.
            </Text>
          </>
        ) : null}
        {failed && !(save.isError && Object.keys(form.formState.errors).length > 0) ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            {failed.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Renunță
          </Button>
          {own ? (
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
              Salvează
            </Button>
          ) : (
            <Button onClick={() => void switchToClinicSeller()} loading={remove.isPending}>
              Salvează
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The "Date de facturare" modal of a location in "Sedii și cabinete" (admins, clinic groups). */
export function LocationSellerForm({ locationId, onDone }: { locationId: string; onDone: () => void }) {
  const seller = useLocationSeller(locationId);
  if (seller.isError)
    return <Text c="red">Datele de facturare nu au putut fi încărcate: {seller.error.message}</Text>;
  if (!seller.data) return <Skeleton h={160} />;
  return <SellerForm locationId={locationId} answer={seller.data} onDone={onDone} />;
}
