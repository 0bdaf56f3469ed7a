import { useState } from 'react';
import { Button, Checkbox, CloseButton, Group, Paper, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { isClinicGroup, openLocations } from '@odonto/domain/contracts/locations';
import { toIsoDay } from '@odonto/domain/dates';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { useLocations } from '../locations/api';
import { CountrySelect, CountySelect, countyAutoOf, LocalitySelect } from '../places/place-pickers';
import { Dropdown } from '../../ui/dropdown';
import { OnDemandDateInput } from '../../ui/on-demand-date-input';
import { useDoctorNames } from './clinic-fields';
import { hasActiveFilters, type ListFilters } from './list-params';

export const SEARCH_DEBOUNCE_MS = 300;

export interface PatientFiltersProps {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>, options?: { replace?: boolean }) => void;
  onReset: () => void;
  /** Admins may list the deleted patients. */
  canSeeDeleted: boolean;
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const debouncedSearch = useDebouncedCallback((q: string) => onSearch(q.trim()), SEARCH_DEBOUNCE_MS);

  // The address changed by itself (reset, back button): show its search, unless it is what we typed.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== text.trim()) setText(value);
  }

  function handleChange(next: string) {
    setText(next);
    debouncedSearch(next);
  }

  return (
    <TextInput
      label="Caută pacient"
      placeholder="Nume sau telefon"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => handleChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') debouncedSearch.flush();
      }}
      rightSection={
        text ? <CloseButton size="sm" aria-label="Golește căutarea" onClick={() => handleChange('')} /> : null
      }
      type="search"
      autoComplete="off"
    />
  );
}

/**
 * The list's search box and filters (SPEC.md §9): județ, oraș, țară, medic, igienizare, creation days; in a
 * clinic group also the location (the patients with an appointment there).
 */
export function PatientFilters({ filters, onChange, onReset, canSeeDeleted }: PatientFiltersProps) {
  const doctors = useDoctorNames(filters.medic);
  const locations = useLocations().data;
  // A clinic group's locations (issue 14); a single-location clinic sees no such filter.
  const locationChoices =
    locations && isClinicGroup(locations.locations)
      ? openLocations(locations.locations).map((place) => ({ value: place.id, label: place.name }))
      : null;
  const countyAuto = countyAutoOf(filters.judet);
  const today = toIsoDay(new Date());

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Căutare și filtre">
      <SimpleGrid
        type="container"
        cols={{ base: 1, '420px': 2, '860px': 4 }}
        spacing="sm"
        verticalSpacing="sm"
      >
        <SearchBox value={filters.q} onSearch={(q) => onChange({ q }, { replace: true })} />
        <CountySelect
          label="Județ"
          placeholder="Toate"
          value={filters.judet || null}
          onChange={(judet) => onChange({ judet: judet ?? '', oras: '' })}
        />
        <LocalitySelect
          label="Oraș"
          placeholder={countyAuto ? 'Toate' : 'Alegeți întâi județul'}
          countyAuto={countyAuto}
          disabled={countyAuto === null}
          value={filters.oras || null}
          onChange={(oras) => onChange({ oras: oras ?? '' })}
        />
        <CountrySelect
          label="Țară"
          placeholder="Toate"
          value={filters.tara || null}
          onChange={(tara) => onChange({ tara: tara ?? '' })}
        />
        <Dropdown
          label="Medic"
          placeholder="Toți"
          data={doctors}
          value={filters.medic || null}
          onChange={(medic) => onChange({ medic: medic ?? '' })}
        />
        {locationChoices ? (
          <Dropdown
            label="Sediu"
            placeholder="Toate"
            data={locationChoices}
            value={filters.sediu || null}
            onChange={(sediu) => onChange({ sediu: sediu ?? '' })}
          />
        ) : null}
        <OnDemandDateInput
          label="Creat de la"
          placeholder="Oricând"
          value={filters.from || null}
          onChange={(from) => onChange({ from: from ?? '' })}
          maxDate={filters.to || today}
          valueFormat="DD.MM.YYYY"
          {...DATE_PICKER_A11Y}
          clearable
          clearButtonProps={{ 'aria-label': 'Șterge data de început' }}
        />
        <OnDemandDateInput
          label="Creat până la"
          placeholder="Oricând"
          value={filters.to || null}
          onChange={(to) => onChange({ to: to ?? '' })}
          minDate={filters.from || undefined}
          maxDate={today}
          valueFormat="DD.MM.YYYY"
          {...DATE_PICKER_A11Y}
          clearable
          clearButtonProps={{ 'aria-label': 'Șterge data de sfârșit' }}
        />
        <Group align="flex-end" pb={6}>
          <Checkbox
            label="Igienizare"
            checked={filters.igienizare}
            onChange={(event) => onChange({ igienizare: event.currentTarget.checked })}
          />
          <Checkbox
            label="Cu sold de plată"
            checked={filters.owing}
            onChange={(event) => onChange({ owing: event.currentTarget.checked })}
          />
        </Group>
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        {canSeeDeleted ? (
          <Switch
            label="Pacienți șterși"
            color="red"
            checked={filters.deleted}
            onChange={(event) => onChange({ deleted: event.currentTarget.checked })}
          />
        ) : (
          <span />
        )}
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={onReset}
          disabled={!hasActiveFilters(filters)}
        >
          Resetează filtrele
        </Button>
      </Group>
    </Paper>
  );
}
