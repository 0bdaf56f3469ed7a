import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Select,
  Checkbox,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { Controller, useForm, type Path } from 'react-hook-form';
import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import { COUNTIES } from '@odonto/domain/places';
import { isApiError } from '../../lib/http';
import { showServerFieldErrors, visibleError } from '../../lib/form';
import { FormErrorSummary } from '../../ui/form-errors';
import { useClinic, useClinicDoctors, useSaveClinic } from './api';
import { ClinicLogo } from './clinic-logo';
import type { CLINIC_FIELDS } from './clinic-form-values';
import {
  clinicForm,
  clinicFormValues,
  clinicInputOf,
  type ClinicFormData,
  type ClinicFormInput,
} from './clinic-form-values';

const FIELD_LABELS: Record<(typeof CLINIC_FIELDS)[number], string> = {
  nume: 'Numele clinicii',
  adresa: 'Adresa',
  telefon: 'Telefon',
  email: 'Email',
  cui: 'Cod fiscal (CUI)',
  stampila: 'Textul ștampilei',
  regCom: 'Nr. Reg. Com.',
  strada: 'Strada și numărul',
  localitate: 'Localitatea (București: sectorul)',
  judetCod: 'Județul',
  codPostal: 'Cod poștal',
  iban: 'IBAN',
  banca: 'Banca',
};

type TextFieldName = Exclude<(typeof CLINIC_FIELDS)[number], 'stampila' | 'judetCod'>;
const COUNTY_OPTIONS = COUNTIES.map((county) => ({ value: county.auto, label: county.nume }));

function DoctorTitles({
  form,
}: {
  form: ReturnType<typeof useForm<ClinicFormInput, unknown, ClinicFormData>>;
}) {
  const doctors = useClinicDoctors();
  if (doctors.isError) return <Text c="red">Lista medicilor nu a putut fi încărcată.</Text>;
  if (!doctors.data) return <Skeleton h={36} />;
  if (doctors.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nu există încă medici activi.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {doctors.data.map((doctor) => (
        <Controller
          key={doctor._id}
          control={form.control}
          name={`titluri.${doctor._id}` as Path<ClinicFormInput>}
          render={({ field, fieldState }) => (
            <TextInput
              ref={field.ref}
              label={doctor.nume}
              placeholder="ex. Medic primar stomatologie generală"
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={visibleError(fieldState)}
            />
          )}
        />
      ))}
    </SimpleGrid>
  );
}

function ClinicForm({ clinic }: { clinic: ClinicSettings }) {
  const [baseVersion, setBaseVersion] = useState(clinic.version);
  const form = useForm<ClinicFormInput, unknown, ClinicFormData>({
    mode: 'onTouched',
    resolver: zodResolver(clinicForm),
    defaultValues: clinicFormValues(clinic),
  });
  const saveClinic = useSaveClinic();
  const isStale = isApiError(saveClinic.error, 409);

  function handleSubmit(values: ClinicFormData) {
    saveClinic.mutate(
      { ...clinicInputOf(values), version: baseVersion },
      {
        onSuccess: (saved) => {
          setBaseVersion(saved.version);
          form.reset(clinicFormValues(saved));
          notifications.show({ color: 'teal', message: 'Datele clinicii au fost salvate.' });
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );
  }

  function handleReload() {
    setBaseVersion(clinic.version);
    form.reset(clinicFormValues(clinic));
    saveClinic.reset();
  }

  function handleOwnLogoChange(saved: ClinicSettings) {
    // The logo moved the version on by one: the form stays based on the details it shows.
    setBaseVersion((current) => (saved.version === current + 1 ? saved.version : current));
  }

  const textField = (name: TextFieldName, required = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={FIELD_LABELS[name]}
          required={required}
          {...field}
          value={field.value ?? ''}
          error={fieldState.error?.type === 'server' ? fieldState.error.message : visibleError(fieldState)}
        />
      )}
    />
  );

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
        noValidate
        aria-label="Datele clinicii"
      >
        <Stack gap="md">
          <FormErrorSummary form={form} labels={FIELD_LABELS} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {textField('nume', true)}
            {textField('cui')}
            {textField('adresa')}
            {textField('telefon')}
            {textField('email')}
          </SimpleGrid>
          <Text fw={500} size="sm">
            Date pentru facturare (furnizorul de pe factură și din RO e-Factura)
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {textField('regCom')}
            {textField('strada')}
            {textField('localitate')}
            <Controller
              control={form.control}
              name="judetCod"
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  label={FIELD_LABELS.judetCod}
                  data={COUNTY_OPTIONS}
                  searchable
                  clearable
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={fieldState.error?.message}
                />
              )}
            />
            {textField('codPostal')}
            {textField('iban')}
            {textField('banca')}
            <Controller
              control={form.control}
              name="platitorTva"
              render={({ field }) => (
                <Checkbox
                  ref={field.ref}
                  mt="lg"
                  label="Plătitor de TVA"
                  checked={field.value ?? false}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="stampila"
            render={({ field, fieldState }) => (
              <Textarea
                label={FIELD_LABELS.stampila}
                description="Se tipărește lângă semnătura medicului pe scrisorile medicale."
                autosize
                minRows={3}
                {...field}
                value={field.value ?? ''}
                error={visibleError(fieldState)}
              />
            )}
          />
          <Stack gap={4}>
            <Text fw={500} size="sm">
              Titlurile medicilor
            </Text>
            <Text size="sm" c="dimmed">
              Se tipăresc sub numele medicului pe scrisorile medicale.
            </Text>
            <DoctorTitles form={form} />
          </Stack>
          {saveClinic.isError && !isApiError(saveClinic.error, 400) ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />}>
              <Stack gap="xs" align="flex-start">
                {saveClinic.error.message}
                {isStale ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    onClick={handleReload}
                  >
                    Reîncarcă datele salvate
                  </Button>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={saveClinic.isPending}>
              Salvează datele clinicii
            </Button>
          </Group>
        </Stack>
      </form>
      <ClinicLogo clinic={clinic} onOwnChange={handleOwnLogoChange} />
    </Stack>
  );
}

/** Settings → 'Date clinică': what every letterhead prints (admins). */
export function ClinicSettings() {
  const clinic = useClinic();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="clinic-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="clinic-title">
            Date clinică
          </Title>
          <Text size="sm" c="dimmed">
            Apar în antetul fișei pacientului și al scrisorilor medicale.
          </Text>
        </div>
        {clinic.data ? (
          <ClinicForm clinic={clinic.data} />
        ) : clinic.isError ? (
          <Text c="red">Datele clinicii nu au putut fi încărcate: {clinic.error.message}</Text>
        ) : (
          <Skeleton h={200} />
        )}
      </Stack>
    </Paper>
  );
}
