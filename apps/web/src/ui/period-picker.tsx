import { useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { toIsoDay } from '@odonto/domain/dates';
import { DATE_PICKER_A11Y } from './date-labels';

/** A period as the address holds it: two ISO days, or nulls when open. */
export type PeriodRange = [string | null, string | null];

/**
 * The 'Perioadă' filter of the list screens: applied once both days are chosen, or when cleared; a
 * half-chosen range stays local. Follows the address when it changes from elsewhere (back, reset).
 */
export function PeriodPicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: PeriodRange) => void;
}) {
  const fromUrl: PeriodRange = [from || null, to || null];
  const [range, setRange] = useState<PeriodRange>(fromUrl);
  const [lastUrl, setLastUrl] = useState(`${from}|${to}`);
  if (`${from}|${to}` !== lastUrl) {
    setLastUrl(`${from}|${to}`);
    setRange(fromUrl);
  }

  function handleChange(next: PeriodRange) {
    setRange(next);
    if ((next[0] && next[1]) || (!next[0] && !next[1])) onChange(next);
  }

  return (
    <DatePickerInput
      type="range"
      label="Perioadă"
      placeholder="Oricând"
      value={range}
      onChange={handleChange}
      allowSingleDateInRange
      maxDate={toIsoDay(new Date())}
      valueFormat="DD.MM.YYYY"
      {...DATE_PICKER_A11Y}
      clearable
      clearButtonProps={{ 'aria-label': 'Șterge perioada' }}
    />
  );
}
