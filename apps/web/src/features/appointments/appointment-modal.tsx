import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import {
  APPOINTMENT_MESSAGES,
  appointmentInput,
  isOverlapMessage,
  type Appointment,
  type AppointmentData,
  type AppointmentInput,
} from '@odonto/domain/contracts/appointments';
import { showServerFieldErrors } from '../../lib/form';
import { isApiError } from '../../lib/http';
import { askConfirmation } from '../../ui/confirm-host';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { FormErrorSummary } from '../../ui/form-errors';
import { registerModal, type ModalControls } from '../../ui/modals';
import { useDeleteAppointment, useDoctors, useSaveAppointment, useUpdateAppointment } from './api';
import {
  appointmentFormValues,
  HOUR_OPTIONS,
  minuteOptions,
  type AppointmentDefaults,
} from './appointment-form-values';
import { AppointmentPlaceFields, PLACE_FIELD_LABELS } from './appointment-place-fields';
import { PatientPicker, type PickedPatient } from './patient-picker';

export const SAVE_ERROR = 'Programarea nu a putut fi salvată.';
export const KEEP_ANYWAY = 'Păstrează oricum';

export interface AppointmentModalProps {
  /** The patient, or null to pick (or create) one first (booking from the calendar). */
  patientId: string | null;
  /** The appointment to edit, or null for a new one. */
  appointment: Appointment | null;
  defaults?: AppointmentDefaults;
  /** "Now" for the default day (tomorrow); the screen passes its clock. */
  now?: Date;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'add-appointment': AppointmentModalProps;
  }
}

type TimeField = 'deLa.ora' | 'deLa.minute' | 'panaLa.ora' | 'panaLa.minute';

function TimeSelect({
  control,
  name,
  label,
}: {
  control: Control<AppointmentInput>;
  name: TimeField;
  label: string;
}) {
  const isHour = name.endsWith('ora');
  return (
    <Controller
      control={control}
      name={name as FieldPath<AppointmentInput>}
      render={({ field, fieldState }) => (
        <NativeSelect
          label={label}
          withAsterisk
          name={field.name}
          ref={field.ref}
          value={String(field.value)}
          data={isHour ? HOUR_OPTIONS : minuteOptions(Number(field.value))}
          onChange={(event) => field.onChange(Number(event.currentTarget.value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The fields' labels in the form's order, for the list of errors above it. */
const APPOINTMENT_FIELD_LABELS = {
  createdAt: 'Data',
  'deLa.ora': 'De la (ora)',
  'deLa.minute': 'De la (minute)',
  'panaLa.ora': 'Până la (ora)',
  'panaLa.minute': 'Până la (minute)',
  medicId: 'Medic',
  ...PLACE_FIELD_LABELS,
  nota: 'Notă',
};

/** The 'add appointment' modal (SPEC.md §2, §3 Appointment form): add, edit, keep an overlap, delete. */
export function AppointmentModal({ patientId, ...props }: AppointmentModalProps & ModalControls) {
  const [picked, setPicked] = useState<PickedPatient | null>(null);
  const chosenId = patientId ?? picked?._id ?? null;
  if (chosenId === null) return <PatientPicker onPick={setPicked} />;
  return (
    <Stack gap="xs">
      {picked ? (
        <Text size="sm" fw={600}>
          Pacient: {picked.label}
        </Text>
      ) : null}
      <AppointmentForm patientId={chosenId} {...props} />
    </Stack>
  );
}

function AppointmentForm({
  patientId,
  appointment,
  defaults = {},
  now,
  close,
}: AppointmentModalProps & ModalControls & { patientId: string }) {
  const isNew = appointment === null;
  const [clashMessage, setClashMessage] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AppointmentInput, unknown, AppointmentData>({
    resolver: zodResolver(appointmentInput),
    defaultValues: appointmentFormValues(appointment, defaults, now ?? new Date()),
  });
  const doctors = useDoctors();
  const save = useSaveAppointment(patientId);
  const update = useUpdateAppointment(patientId);
  const remove = useDeleteAppointment(patientId);
  const isBusy = save.isPending || update.isPending || remove.isPending;

  function handleError(error: unknown) {
    if (isApiError(error, 409) && isOverlapMessage(error.message)) {
      setClashMessage(error.message);
      return;
    }
    showServerFieldErrors(form, error);
    setServerError(isApiError(error) ? error.message : SAVE_ERROR);
  }

  function submit(values: AppointmentData, keepOverlap: boolean) {
    setClashMessage(null);
    setServerError(null);
    const body = { ...values, ...(keepOverlap ? { keepOverlap: true } : {}) };
    const onSuccess = () => {
      close();
      notifications.show({
        color: 'teal',
        message: isNew ? 'Programarea a fost salvată.' : 'Programarea a fost modificată.',
      });
    };
    if (appointment === null) save.mutate(body, { onSuccess, onError: handleError });
    else
      update.mutate(
        { ...body, _id: appointment._id, version: appointment.version },
        { onSuccess, onError: handleError },
      );
  }

  async function handleDelete() {
    if (!appointment || !(await askConfirmation(APPOINTMENT_MESSAGES.deleteConfirm))) return;
    remove.mutate(
      { _id: appointment._id, version: appointment.version },
      {
        onSuccess: () => {
          close();
          notifications.show({ color: 'teal', message: 'Programarea a fost ștearsă.' });
        },
        onError: (error) => setServerError(isApiError(error) ? error.message : SAVE_ERROR),
      },
    );
  }

  const doctorOptions = [
    { value: '', label: 'Alegeți medicul', disabled: true },
    ...(doctors.data ?? []).map((item) => ({ value: item._id, label: item.nume })),
  ];

  return (
    <form onSubmit={form.handleSubmit((values) => submit(values, false))} noValidate>
      <Stack gap="sm">
        <FormErrorSummary form={form} labels={APPOINTMENT_FIELD_LABELS} />
        <Controller
          control={form.control}
          name="createdAt"
          render={({ field, fieldState }) => (
            <DatePickerInput
              ref={field.ref}
              name={field.name}
              label={APPOINTMENT_FIELD_LABELS.createdAt}
              withAsterisk
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              valueFormat="Do MMM YYYY"
              locale="ro"
              firstDayOfWeek={1}
              {...DATE_PICKER_A11Y}
              error={fieldState.error?.message}
            />
          )}
        />
        <Group grow align="flex-start">
          <TimeSelect control={form.control} name="deLa.ora" label={APPOINTMENT_FIELD_LABELS['deLa.ora']} />
          <TimeSelect
            control={form.control}
            name="deLa.minute"
            label={APPOINTMENT_FIELD_LABELS['deLa.minute']}
          />
        </Group>
        <Group grow align="flex-start">
          <TimeSelect
            control={form.control}
            name="panaLa.ora"
            label={APPOINTMENT_FIELD_LABELS['panaLa.ora']}
          />
          <TimeSelect
            control={form.control}
            name="panaLa.minute"
            label={APPOINTMENT_FIELD_LABELS['panaLa.minute']}
          />
        </Group>
        <Controller
          control={form.control}
          name="medicId"
          render={({ field, fieldState }) => (
            <NativeSelect
              label={APPOINTMENT_FIELD_LABELS.medicId}
              withAsterisk
              name={field.name}
              ref={field.ref}
              value={field.value}
              data={doctorOptions}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <AppointmentPlaceFields form={form} />
        <Textarea
          label={APPOINTMENT_FIELD_LABELS.nota}
          rows={3}
          {...form.register('nota')}
          error={form.formState.errors.nota?.message}
        />
        <Controller
          control={form.control}
          name="trimite_sms"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              label="Trimite SMS de reamintire"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {clashMessage ? (
          <Alert color="yellow" title="Suprapunere" role="alert">
            <Stack gap="xs">
              <Text size="sm">{clashMessage}</Text>
              <Group>
                <Button
                  size="xs"
                  color="yellow"
                  loading={isBusy}
                  onClick={() => void form.handleSubmit((values) => submit(values, true))()}
                >
                  {KEEP_ANYWAY}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {isNew ? (
            <span />
          ) : (
            <Button variant="outline" color="red" onClick={() => void handleDelete()} disabled={isBusy}>
              Șterge
            </Button>
          )}
          <Button type="submit" loading={isBusy}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

registerModal('add-appointment', {
  component: AppointmentModal,
  title: (props) => (props.appointment ? 'Modifică programarea' : 'Adaugă programare'),
  size: 'md',
});
