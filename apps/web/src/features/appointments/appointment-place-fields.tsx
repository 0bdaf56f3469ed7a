import { NativeSelect } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { AppointmentData, AppointmentInput } from '@odonto/domain/contracts/appointments';
import { defaultLocationId, isClinicGroup, openLocations } from '@odonto/domain/contracts/locations';
import { useLocations } from '../locations/api';
import { NO_CHAIR_LABEL } from './calendar-locations';

export const PLACE_FIELD_LABELS = { sediuId: 'Sediu', cabinetId: 'Cabinet' };

/**
 * The appointment's "Sediu" (a clinic group only; default the calendar's location, else the user's own)
 * and "Cabinet" (when that location has open chairs; optional). A single-location clinic without chairs
 * sees neither. The appointment's own location or chair stays offered when it has closed since.
 */
export function AppointmentPlaceFields({
  form,
}: {
  form: UseFormReturn<AppointmentInput, unknown, AppointmentData>;
}) {
  const locations = useLocations();
  const [sediuId, cabinetId] = useWatch({ control: form.control, name: ['sediuId', 'cabinetId'] });
  const answer = locations.data;
  if (!answer) return null;
  const isGroup = isClinicGroup(answer.locations);
  const shownId = sediuId ?? defaultLocationId(answer, null) ?? '';
  const offered = answer.locations.filter((place) => !place.archived || place.id === sediuId);
  const chosen = answer.locations.find((place) => place.id === shownId);
  const chairs = (chosen?.chairs ?? []).filter((chair) => !chair.archived || chair.id === cabinetId);
  const hasChairs = openLocations(chosen ? [chosen] : []).length > 0 && chairs.length > 0;
  return (
    <>
      {isGroup ? (
        <Controller
          control={form.control}
          name="sediuId"
          render={({ field, fieldState }) => (
            <NativeSelect
              label={PLACE_FIELD_LABELS.sediuId}
              withAsterisk
              name={field.name}
              ref={field.ref}
              value={shownId}
              data={offered.map((place) => ({ value: place.id, label: place.name }))}
              onChange={(event) => {
                field.onChange(event.currentTarget.value);
                // A chair belongs to one location: another location starts without one.
                form.setValue('cabinetId', null);
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      {hasChairs ? (
        <Controller
          control={form.control}
          name="cabinetId"
          render={({ field, fieldState }) => (
            <NativeSelect
              label={PLACE_FIELD_LABELS.cabinetId}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              data={[
                { value: '', label: NO_CHAIR_LABEL },
                ...chairs.map((chair) => ({ value: chair.id, label: chair.name })),
              ]}
              onChange={(event) => field.onChange(event.currentTarget.value || null)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
    </>
  );
}
