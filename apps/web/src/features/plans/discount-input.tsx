import { useState, type Ref } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { formatAmount, formatPercent, MONEY_MESSAGES, parseAmount, parsePercent } from '@odonto/domain/money';
import type { Discount } from '@odonto/domain/plans';

type Kind = 'none' | 'percent' | 'amount';

function textOf(discount: Discount | null): string {
  if (!discount) return '';
  return discount.kind === 'percent'
    ? formatPercent(discount.bp).replace('%', '')
    : formatAmount(discount.bani);
}

/** A discount as a percentage or an amount in lei (or none); the value is the contract's Discount. */
export function DiscountInput({
  label,
  value,
  onChange,
  error,
  ref,
}: {
  label: string;
  value: Discount | null;
  onChange: (discount: Discount | null) => void;
  error?: string;
  /** The field focused for its error: the amount when there is one, else the kind. */
  ref?: Ref<HTMLInputElement>;
}) {
  const [kind, setKind] = useState<Kind>(value?.kind ?? 'none');
  const [text, setText] = useState(() => textOf(value));
  const [problem, setProblem] = useState<string | null>(null);

  function apply(nextKind: Kind, nextText: string) {
    if (nextKind === 'none') {
      setProblem(null);
      onChange(null);
      return;
    }
    if (nextText.trim() === '') {
      setProblem(null);
      onChange(null);
      return;
    }
    if (nextKind === 'percent') {
      const bp = parsePercent(nextText);
      setProblem(bp === null ? MONEY_MESSAGES.percentRange : null);
      if (bp !== null) onChange({ kind: 'percent', bp });
    } else {
      const bani = parseAmount(nextText);
      const isValid = bani !== null && bani >= 0;
      setProblem(isValid ? null : MONEY_MESSAGES.invalidText);
      if (isValid) onChange({ kind: 'amount', bani });
    }
  }

  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      <Select
        ref={kind === 'none' ? ref : undefined}
        label={label}
        w={Math.max(96, label.length * 9)}
        allowDeselect={false}
        value={kind}
        data={[
          { value: 'none', label: 'fără' },
          { value: 'percent', label: '%' },
          { value: 'amount', label: 'lei' },
        ]}
        onChange={(next) => {
          const nextKind = (next ?? 'none') as Kind;
          setKind(nextKind);
          apply(nextKind, text);
        }}
      />
      {kind === 'none' ? null : (
        <TextInput
          ref={ref}
          label={kind === 'percent' ? 'Procent' : 'Sumă'}
          w={110}
          inputMode="decimal"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            apply(kind, event.currentTarget.value);
          }}
          rightSection={kind === 'percent' ? '%' : 'lei'}
          error={problem ?? error}
        />
      )}
    </Group>
  );
}
