import { Checkbox, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { ROLE_LABELS, USER_MESSAGES } from '@odonto/domain/contracts/users';
import { digitsFilter } from '@odonto/domain/filters';
import { ASSIGNABLE_ROLES } from '@odonto/domain/roles';
import { groupFieldRef } from '../../lib/form';
import { FormErrorSummary } from '../../ui/form-errors';
import type { UserForm } from './user-form-values';

/** The fields' labels in the form's order, for the list of errors above them. */
const USER_FIELD_LABELS = {
  nume: 'Nume',
  email: 'Email',
  telefon: 'Telefon',
  functie: 'Funcție',
  roles: 'Roluri',
  active: 'Activ',
};

export interface UserFormFieldsProps {
  form: UserForm;
  /** The signed-in admin's own account: the admin role and the active switch are locked. */
  isSelf: boolean;
}

/**
 * Nume, email, telefon (digits and + as typed), funcție, the roles and the active switch; after a failed
 * save, the list of errors above them.
 */
export function UserFormFields({ form, isSelf }: UserFormFieldsProps) {
  const { control } = form;
  return (
    <Stack gap="md">
      <FormErrorSummary form={form} labels={USER_FIELD_LABELS} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="nume"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={USER_FIELD_LABELS.nume}
              required
              autoComplete="off"
              error={fieldState.error?.message}
              data-autofocus
            />
          )}
        />
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={USER_FIELD_LABELS.email}
              type="email"
              required
              autoComplete="off"
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="telefon"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              value={field.value ?? ''}
              label={USER_FIELD_LABELS.telefon}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              error={fieldState.error?.message}
              onChange={(event) => field.onChange(digitsFilter(event.currentTarget.value))}
            />
          )}
        />
        <Controller
          control={control}
          name="functie"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              value={field.value ?? ''}
              label={USER_FIELD_LABELS.functie}
              placeholder="de ex. Medic stomatolog"
              autoComplete="off"
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="roles"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            ref={groupFieldRef(field.ref)}
            label={USER_FIELD_LABELS.roles}
            description="Primul rol bifat este rolul principal al utilizatorului."
            required
            value={field.value}
            onChange={(roles) => {
              field.onChange(roles);
              field.onBlur();
            }}
            error={fieldState.error?.message}
          >
            <Group gap="lg" mt="xs">
              {ASSIGNABLE_ROLES.map((role) => {
                const isLocked = isSelf && role === 'admin' && field.value.includes('admin');
                return (
                  <Checkbox
                    key={role}
                    value={role}
                    label={ROLE_LABELS[role]}
                    disabled={isLocked}
                    description={isLocked ? USER_MESSAGES.selfDemote : undefined}
                  />
                );
              })}
            </Group>
          </Checkbox.Group>
        )}
      />
      <Controller
        control={control}
        name="active"
        render={({ field, fieldState }) => (
          <Switch
            ref={field.ref}
            name={field.name}
            label={USER_FIELD_LABELS.active}
            checked={field.value ?? true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={isSelf}
            description={
              isSelf
                ? USER_MESSAGES.selfDeactivate
                : 'Un cont inactiv nu se poate autentifica; sesiunile lui se închid imediat.'
            }
            error={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}
