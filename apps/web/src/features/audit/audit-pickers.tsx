import { useState } from 'react';
import {
  Autocomplete,
  Select,
  Stack,
  Text,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { auditPatientLabel } from '@odonto/domain/contracts/audit';
import { normalizeSearchText } from '@odonto/domain/text';
import { PATIENT_SEARCH_MIN, useAuditUsers, usePatientSearch } from './api';

export const PICKER_DEBOUNCE_MS = 300;

/** Text typed into a field that follows the address: the address wins when it changes by itself. */
function useFollowedText(value: string): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  return [text, setText];
}

/**
 * The user filter: one of the addresses present in the log (shown with the account's name), or any
 * email typed in full, e.g. of a failed sign-in. Applied on picking, or on Enter or leaving the field.
 */
export function UserPicker({ value, onChange }: { value: string; onChange: (user: string) => void }) {
  const users = useAuditUsers();
  const [text, setText] = useFollowedText(value);
  const names = new Map((users.data ?? []).map((user) => [user.email, user.name]));

  function commit(next: string) {
    const trimmed = next.trim();
    if (trimmed !== value) onChange(trimmed);
  }

  // Typed text filters only once it is a whole address (or nothing); a name is a search for an option.
  function commitTyped(next: string) {
    if (next.trim() === '' || next.includes('@')) commit(next);
  }

  const filterByNameOrEmail: OptionsFilter = ({ options, search, limit }) => {
    const needle = normalizeSearchText(search);
    const matches = (item: ComboboxParsedItem) =>
      !('group' in item) &&
      normalizeSearchText(`${names.get(item.value) ?? ''} ${item.value}`).includes(needle);
    return options.filter(matches).slice(0, limit);
  };

  return (
    <Autocomplete
      label="Utilizator"
      placeholder="Toți (nume sau email)"
      data={(users.data ?? []).map((user) => user.email)}
      value={text}
      onChange={setText}
      onOptionSubmit={(email) => {
        setText(email);
        commit(email);
      }}
      onBlur={() => commitTyped(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commitTyped(event.currentTarget.value);
      }}
      filter={filterByNameOrEmail}
      limit={50}
      renderOption={({ option }) => {
        const name = names.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{name ?? option.value}</Text>
            {name ? (
              <Text size="xs" c="dimmed">
                {option.value}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      clearable
      clearButtonProps={{ 'aria-label': 'Șterge utilizatorul' }}
      onClear={() => commit('')}
      autoComplete="off"
    />
  );
}

/**
 * The patient filter: a search by name or phone over the patient list (GET /api/pacienti, which is not
 * a view of anyone's record), then one patient picked by `_id`.
 */
export function PatientPicker({
  value,
  label,
  onChange,
}: {
  value: string;
  label: string | null;
  onChange: (patient: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), PICKER_DEBOUNCE_MS);
  const chosenLabel = value ? (label ?? 'Pacientul ales') : null;
  // Once a patient is picked the field shows its label; that is not a new search.
  const query = debounced === chosenLabel ? '' : debounced;
  const found = usePatientSearch(query);
  const options = (query.length >= PATIENT_SEARCH_MIN ? (found.data?.pacienti ?? []) : []).map((patient) => ({
    value: patient._id,
    label: auditPatientLabel({ nume: patient.nume, prenume: patient.prenume, fileNumber: patient.id }),
  }));
  if (value && chosenLabel && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: chosenLabel });
  }

  return (
    <Select
      label="Pacient"
      placeholder="Caută după nume sau telefon"
      data={options}
      value={value || null}
      onChange={(patient) => onChange(patient ?? '')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched (diacritics, phone digits); every answer it gave is a match.
      filter={({ options: all }) => all}
      clearable
      clearButtonProps={{ 'aria-label': 'Șterge pacientul' }}
      nothingFoundMessage={
        query.length >= PATIENT_SEARCH_MIN ? 'Niciun pacient găsit' : 'Scrieți cel puțin 2 caractere'
      }
    />
  );
}
