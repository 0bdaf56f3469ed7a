import { useMemo } from 'react';
import type { ComboboxItem } from '@mantine/core';
import { COUNTIES, countyByName, searchLocalities } from '@odonto/domain/places';
import { Dropdown, type DropdownOption, type DropdownProps } from '../../ui/dropdown';
import { useCountyLocalities, usePlaces } from './api';
import { LOCALITY_SUGGESTION_LIMIT } from './locality-input';

/** The country every new patient starts with (SPEC.md §3: the form defaults to it). */
export const DEFAULT_COUNTRY = 'România';

type PickerProps = Omit<DropdownProps, 'data'>;

/** 'Argeș (AG)': the county's name with its registration code. */
export function countyLabel(county: { nume: string; auto: string }): string {
  return `${county.nume} (${county.auto})`;
}

const COUNTY_OPTIONS: readonly DropdownOption[] = COUNTIES.map((county) => ({
  value: county.nume,
  label: countyLabel(county),
}));

/** The registration code of a county stored by name ('Argeș', 'Bucureşti', 'arges'), or null. */
export function countyAutoOf(name: string | null | undefined): string | null {
  if (!name) return null;
  return countyByName(name)?.auto ?? null;
}

/** The 41 counties and București, by name, shown with their codes. A legacy spelling is kept as is. */
export function CountySelect({ value, ...others }: PickerProps) {
  const data = useMemo(() => {
    if (!value || COUNTY_OPTIONS.some((option) => option.value === value)) return COUNTY_OPTIONS;
    return [...COUNTY_OPTIONS, { value, label: value }];
  }, [value]);
  return <Dropdown allowDeselect={false} {...others} value={value} data={data} />;
}

/** The world's countries in Romanian (GET /api/places), România first. */
export function CountrySelect({ value, ...others }: PickerProps) {
  const places = usePlaces();
  const data = useMemo(() => {
    const names = places.data?.tari.map((country) => country.nume) ?? [DEFAULT_COUNTRY];
    return value && !names.includes(value) ? [value, ...names] : names;
  }, [places.data, value]);
  return <Dropdown allowDeselect={false} {...others} value={value} data={data} />;
}

/** The options whose name matches as the locality picker's do: without diacritics, names starting with it first. */
function searchLocalityOptions(options: readonly ComboboxItem[], text: string): ComboboxItem[] {
  return searchLocalities(
    options.map((option) => ({ nume: option.label, option })),
    text,
  ).map(({ option }) => option);
}

/** One county's localities by name, for an equality filter (a village name shared by communes once). */
export function LocalitySelect({ countyAuto, ...others }: PickerProps & { countyAuto: string | null }) {
  const localities = useCountyLocalities(countyAuto);
  const data = useMemo(() => {
    const names = new Set(localities.data?.localitati.map((locality) => locality.nume));
    if (others.value) names.add(others.value);
    return [...names];
  }, [localities.data, others.value]);
  return (
    <Dropdown
      allowDeselect={false}
      {...others}
      data={data}
      search={searchLocalityOptions}
      limit={LOCALITY_SUGGESTION_LIMIT}
    />
  );
}
