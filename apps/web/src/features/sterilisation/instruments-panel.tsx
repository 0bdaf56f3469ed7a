import {
  List,
  MultiSelect,
  Stack,
  Text,
  Title,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';
import type { UsedInstrument } from '@odonto/domain/contracts/history';
import type { SterilisedInstrument } from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate } from '@odonto/domain/dates';
import { normalizeSearchText } from '@odonto/domain/text';
import { useFailedPouches, useSterilisedInstruments } from './api';

export interface InstrumentsPanelProps {
  /** The entry's `sterilizari` (already used on it). */
  used: readonly UsedInstrument[];
  selected: readonly SterilisedInstrument[];
  onChange: (selected: SterilisedInstrument[]) => void;
  disabled?: boolean;
}

/** The chip text of SPEC.md §2: 'id - name'. */
export function instrumentChip(item: { id_sterilizare: number | string; name: string }): string {
  return `${String(item.id_sterilizare)} - ${item.name}`;
}

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => !('group' in option);

/**
 * The multi-select's search: digits (typed, or a scanned label) match the sterilisation ids starting with
 * them, the exact id first, so Enter picks the scanned pouch; other text matches the name anywhere
 * (case and diacritics ignored).
 */
export const filterPouches: OptionsFilter = ({ options, search, limit }) => {
  const items = options.filter(isItem);
  const text = search.trim();
  if (/^\d+$/.test(text)) {
    const exact = items.filter((option) => option.value === text);
    const others = items.filter((option) => option.value !== text && option.value.startsWith(text));
    return [...exact, ...others].slice(0, limit);
  }
  const key = normalizeSearchText(text);
  return items.filter((option) => normalizeSearchText(option.label).includes(key)).slice(0, limit);
};

/**
 * What update-history / save-history receive as `usedInstruments`, `used_at` = now (SPEC.md §4; the server
 * records its own clock's time).
 */
export function toUsedInstruments(selected: readonly SterilisedInstrument[]): UsedInstrument[] {
  const now = Date.now();
  return selected.map((item) => ({ name: item.name, id_sterilizare: item.id_sterilizare, used_at: now }));
}

/**
 * The treatment modal's instruments panel: a multi-select of the sterilised pouches available now (by
 * sterilisation id), removable chips, the note that they are marked used on save, and the instruments
 * already used in this treatment.
 */
export function InstrumentsPanel({ used, selected, onChange, disabled = false }: InstrumentsPanelProps) {
  const available = useSterilisedInstruments();
  const usedIds = used.flatMap((item) => {
    const id = Number(item.id_sterilizare);
    return Number.isSafeInteger(id) && id > 0 ? [id] : [];
  });
  const failed = useFailedPouches(usedIds);
  const pouches = available.data ?? [];
  const byId = new Map(pouches.map((item) => [String(item.id_sterilizare), item]));
  for (const item of selected) byId.set(String(item.id_sterilizare), item);
  return (
    <Stack gap="xs" aria-label="Instrumente">
      <MultiSelect
        label="Instrumente sterilizate"
        placeholder={
          pouches.length === 0 ? 'Niciun instrument sterilizat disponibil' : 'ID sterilizare sau nume'
        }
        searchable
        filter={filterPouches}
        selectFirstOptionOnChange
        clearable
        disabled={disabled}
        data={[...byId.values()].map((item) => ({
          value: String(item.id_sterilizare),
          label: instrumentChip(item),
        }))}
        value={selected.map((item) => String(item.id_sterilizare))}
        onChange={(values) => onChange(values.flatMap((value) => byId.get(value) ?? []))}
        nothingFoundMessage="Niciun instrument găsit"
      />
      {available.error ? (
        <Text size="sm" c="red">
          {available.error.message}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        Instrumentele alese vor fi marcate ca folosite după salvare.
      </Text>
      {used.length > 0 ? (
        <>
          <Title order={3} fz="sm">
            Instrumente folosite
          </Title>
          <List size="sm" aria-label="Instrumente folosite">
            {used.map((item) => (
              <List.Item key={`${String(item.id_sterilizare)}@${item.used_at}`}>
                {item.name} · ID {String(item.id_sterilizare)} · {formatInstrumentDate(item.used_at)}
                {failed.has(Number(item.id_sterilizare)) ? (
                  <Text span c="red" fw={700}>
                    {' '}
                    · șarjă neconformă: pacientul trebuie informat
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
