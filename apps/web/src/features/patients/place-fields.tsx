import { SimpleGrid } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { LocalityInput } from '../places/locality-input';
import { CountrySelect, CountySelect, countyAutoOf, DEFAULT_COUNTRY } from '../places/place-pickers';
import type { PatientForm } from './patient-form-values';

/** Țară, then județ and a locality of it for România; abroad the locality is plain text. */
export function PlaceFields({ form }: { form: PatientForm }) {
  const { control, setValue } = form;
  const [tara, judet] = useWatch({ control, name: ['tara', 'judet'] });
  const isRomania = (tara ?? DEFAULT_COUNTRY) === DEFAULT_COUNTRY;

  return (
    <SimpleGrid type="container" cols={{ base: 1, '460px': 2, '760px': 3 }} spacing="md">
      <Controller
        control={control}
        name="tara"
        render={({ field, fieldState }) => (
          <CountrySelect
            ref={field.ref}
            name={field.name}
            label="Țară"
            required
            value={field.value ?? DEFAULT_COUNTRY}
            onChange={(value) => {
              field.onChange(value ?? '');
              if (value !== DEFAULT_COUNTRY) setValue('judet', '', { shouldDirty: true });
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      {isRomania ? (
        <Controller
          control={control}
          name="judet"
          render={({ field, fieldState }) => (
            <CountySelect
              ref={field.ref}
              name={field.name}
              label="Județ"
              placeholder="Alegeți județul"
              value={field.value || null}
              onChange={(value) => {
                if ((value ?? '') !== field.value) setValue('oras', '', { shouldDirty: true });
                field.onChange(value ?? '');
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="oras"
        render={({ field, fieldState }) => (
          <LocalityInput
            inputRef={field.ref}
            name={field.name}
            label="Oraș / localitate"
            countyAuto={isRomania ? countyAutoOf(judet) : null}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </SimpleGrid>
  );
}
