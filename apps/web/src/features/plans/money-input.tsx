import { useState, type Ref } from 'react';
import { TextInput } from '@mantine/core';
import { formatAmount, MONEY_MESSAGES, parseAmount } from '@odonto/domain/money';

export interface MoneyInputProps {
  label: string;
  /** The amount in bani. */
  value: number;
  onChange: (bani: number) => void;
  error?: string;
  'aria-label'?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An amount typed in lei ('1.250,00', '1250,5', '1250'), held in bani. What is typed stays as typed
 * until the field is left; a text that is not an amount shows the money message and keeps the last
 * good amount.
 */
export function MoneyInput({ label, value, onChange, error, ref, ...rest }: MoneyInputProps) {
  const [text, setText] = useState(() => formatAmount(value));
  const [isFocused, setFocused] = useState(false);
  const [isInvalid, setInvalid] = useState(false);
  const shown = isFocused ? text : formatAmount(value);
  return (
    <TextInput
      ref={ref}
      label={label}
      aria-label={rest['aria-label']}
      inputMode="decimal"
      rightSection="lei"
      rightSectionWidth={36}
      value={shown}
      onFocus={() => {
        setText(formatAmount(value));
        setFocused(true);
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const bani = parseAmount(next);
        const isValid = bani !== null && bani >= 0;
        setInvalid(!isValid);
        if (isValid) onChange(bani);
      }}
      onBlur={() => {
        setFocused(false);
        setInvalid(false);
      }}
      error={isInvalid && isFocused ? MONEY_MESSAGES.invalidText : error}
    />
  );
}
