import { useMemo, type FocusEvent, type Ref } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { searchLocalities, type Locality } from '@odonto/domain/places';
import { useCountyLocalities } from './api';

/** At most this many suggestions are drawn: a county of 700 localities stays quick on a tablet. */
export const LOCALITY_SUGGESTION_LIMIT = 50;

/** 'Bărăbanț (Alba Iulia)' for a village, the bare name for a town or commune. */
export function localityLabel(locality: Locality): string {
  return locality.comuna ? `${locality.nume} (${locality.comuna})` : locality.nume;
}

export interface LocalityInputProps {
  /** The county's registration code; without one the field is plain text (abroad, no county yet). */
  countyAuto: string | null;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  label: string;
  name?: string;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A locality typed freely, with the county's localities suggested as the user types, without needing
 * diacritics ('brasov' finds Brașov). A place missing from the register is saved as typed.
 */
export function LocalityInput({
  countyAuto,
  value,
  onChange,
  onBlur,
  label,
  name,
  error,
  disabled,
  inputRef,
}: LocalityInputProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const localities = useCountyLocalities(countyAuto);
  const list = useMemo(() => localities.data?.localitati ?? [], [localities.data]);
  const matches = useMemo(() => searchLocalities(list, value), [list, value]);
  const shown = matches.slice(0, LOCALITY_SUGGESTION_LIMIT);
  const hiddenCount = matches.length - shown.length;
  const hasSuggestions = countyAuto !== null && list.length > 0;

  function handleOptionSubmit(index: string) {
    const picked = shown[Number(index)];
    if (picked) onChange(picked.nume);
    combobox.closeDropdown();
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    combobox.closeDropdown();
    onBlur?.(event);
  }

  const input = (
    <TextInput
      ref={inputRef}
      name={name}
      label={label}
      value={value}
      error={error}
      disabled={disabled}
      autoComplete="off"
      aria-autocomplete={hasSuggestions ? 'list' : undefined}
      description={
        countyAuto !== null && localities.isSuccess && list.length === 0
          ? 'Lista localităților nu a fost importată; scrieți localitatea.'
          : undefined
      }
      rightSection={localities.isFetching ? <Loader size={16} /> : null}
      onChange={(event) => {
        onChange(event.currentTarget.value);
        if (hasSuggestions) {
          combobox.openDropdown();
          combobox.updateSelectedOptionIndex();
        }
      }}
      onClick={() => hasSuggestions && combobox.openDropdown()}
      onFocus={() => hasSuggestions && combobox.openDropdown()}
      onBlur={handleBlur}
    />
  );

  return (
    <Combobox store={combobox} onOptionSubmit={handleOptionSubmit} position="bottom-start">
      <Combobox.Target withAriaAttributes={hasSuggestions} withExpandedAttribute={hasSuggestions}>
        {input}
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hasSuggestions} miw={300}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label={`Localități pentru ${label}`}>
          {shown.map((locality, index) => (
            <Combobox.Option value={String(index)} key={`${locality.nume}|${locality.comuna ?? ''}`}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{locality.nume}</Text>
                {locality.comuna ? (
                  <Text size="xs" c="dimmed">
                    ({locality.comuna})
                  </Text>
                ) : null}
              </Group>
            </Combobox.Option>
          ))}
          {shown.length === 0 ? (
            <Combobox.Empty>Nu este în listă — se salvează așa cum ați scris.</Combobox.Empty>
          ) : null}
        </Combobox.Options>
        {hiddenCount > 0 ? (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              Încă {hiddenCount} localități — continuați să tastați.
            </Text>
          </Combobox.Footer>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}
