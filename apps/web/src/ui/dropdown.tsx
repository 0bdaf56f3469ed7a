import { useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import {
  CloseButton,
  Select,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
  type SelectProps,
} from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { normalizeSearchText } from '@odonto/domain/text';

export interface DropdownOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface DropdownProps extends Omit<
  SelectProps,
  | 'data'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'searchable'
  | 'clearable'
  | 'filter'
  | 'searchValue'
  | 'defaultSearchValue'
  | 'onSearchChange'
> {
  data: readonly (DropdownOption | string)[];
  /**
   * The options shown for the typed text, in the order shown; by default those whose name contains it,
   * ignoring case and diacritics, in the list's order. Applies to a list without groups.
   */
  search?: (options: readonly ComboboxItem[], text: string) => readonly ComboboxItem[];
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string | null) => void;
}

/** More entries than this and some typed text: the clear icon shows (SPEC.md §2 "Other"). */
export const CLEAR_ICON_MIN_ENTRIES = 5;

/** Case-insensitive match of the typed text anywhere in an option's name ('stef' finds 'Ștefan'). */
export function matchesSearch(label: string, search: string): boolean {
  return normalizeSearchText(label).includes(normalizeSearchText(search));
}

/** The clear icon shows only when the list has more than 4 entries and there is text. */
export function shouldShowClear(entryCount: number, text: string): boolean {
  return entryCount >= CLEAR_ICON_MIN_ENTRIES && text.length > 0;
}

const filterByName: OptionsFilter = ({ options, search, limit }) => {
  const result: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (result.length >= limit) break;
    if ('group' in item) {
      const items = item.items.filter((option) => matchesSearch(option.label, search));
      if (items.length > 0) result.push({ group: item.group, items });
    } else if (matchesSearch(item.label, search)) {
      result.push(item);
    }
  }
  return result;
};

function filterWith(search: NonNullable<DropdownProps['search']>): OptionsFilter {
  return ({ options, search: text, limit }) => {
    const items = options.filter((option): option is ComboboxItem => !('group' in option));
    return search(items, text).slice(0, limit);
  };
}

function toItems(data: DropdownProps['data']): ComboboxItem[] {
  return data.map((entry) => (typeof entry === 'string' ? { value: entry, label: entry } : { ...entry }));
}

/**
 * The searchable dropdown used across the app. Enter never submits the surrounding form nor picks an
 * option (SPEC.md §2); keyboard users move with the arrow keys and pick with Tab or the mouse. The list
 * opens on a click, typing or the down arrow, not on focus alone, so an error under the field stays in
 * sight.
 */
export function Dropdown({
  data,
  search: searchOptions,
  value,
  defaultValue,
  onChange,
  onKeyDownCapture,
  onBlurCapture,
  disabled,
  readOnly,
  ...others
}: DropdownProps) {
  const items = useMemo(() => toItems(data), [data]);
  const filter = useMemo(() => (searchOptions ? filterWith(searchOptions) : filterByName), [searchOptions]);
  const [currentValue, setValue] = useUncontrolled<string | null>({
    value,
    defaultValue,
    finalValue: null,
    onChange,
  });
  const [search, setSearch] = useState('');
  const isClearShown = shouldShowClear(items.length, search) && !disabled && !readOnly;

  function handleKeyDownCapture(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDownCapture?.(event);
    if (event.key !== 'Enter') return;
    // Stopping it in the capture phase keeps it from Mantine's handler and from the form.
    event.preventDefault();
    event.stopPropagation();
  }

  /**
   * Leaving the field (Tab, Shift+Tab, a click elsewhere) picks the option marked with the arrow keys: the
   * one the list shows marked, read from the list itself. Mantine's own pick on blur goes by an index it
   * settles in a timer after the list opens; on a busy machine that timer ran after ↓ had marked an option
   * and the field was left empty under a visible mark (keyboard.spec's flake). Read in the capture phase:
   * Mantine's blur handler clears the mark.
   */
  function handleBlurCapture(event: FocusEvent<HTMLInputElement>) {
    onBlurCapture?.(event);
    const listId = event.currentTarget.getAttribute('aria-controls');
    const marked = listId ? document.getElementById(listId)?.querySelector('[data-combobox-selected]') : null;
    const picked = items.find((item) => item.value === marked?.getAttribute('value') && !item.disabled);
    if (picked && picked.value !== currentValue) setValue(picked.value);
  }

  function handleClear() {
    setSearch('');
    setValue(null);
  }

  return (
    <Select
      {...others}
      data={items}
      value={currentValue}
      onChange={(next) => setValue(next)}
      searchValue={search}
      onSearchChange={setSearch}
      searchable
      filter={filter}
      disabled={disabled}
      readOnly={readOnly}
      onBlurCapture={handleBlurCapture}
      // Focus alone (Tab, or a failed submit moving it to this field) leaves the list closed: open, it
      // would cover the field's error message. A click, typing or the down arrow opens it.
      openOnFocus={false}
      nothingFoundMessage={others.nothingFoundMessage ?? 'Niciun rezultat'}
      onKeyDownCapture={handleKeyDownCapture}
      rightSection={
        isClearShown ? (
          <CloseButton
            size="sm"
            aria-label="Golește câmpul"
            onMouseDown={(event) => event.preventDefault()}
            onClick={handleClear}
          />
        ) : (
          others.rightSection
        )
      }
      rightSectionPointerEvents={isClearShown ? 'all' : others.rightSectionPointerEvents}
    />
  );
}
