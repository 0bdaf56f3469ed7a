import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ChartHistoryEntry } from '@odonto/domain/chart-state';
import type { PlanItemInput } from '@odonto/domain/contracts/plans';
import type { PriceItem } from '@odonto/domain/contracts/price-list';
import { formatLei } from '@odonto/domain/money';
import type { ToothId } from '@odonto/domain/teeth';
import { DentalChart, type PlannedMark } from '../chart/dental-chart';
import { itemFromPrice, sortTeeth } from './plan-values';

export const ADD_TO_PHASE = 'Adaugă în etapă';
const UNIT_LABELS: Record<PriceItem['unit'], string> = {
  dinte: 'per dinte',
  arcada: 'per arcadă',
  vizita: 'per vizită',
};

/**
 * Planning on the odontogram: pick teeth (several, each click toggles one), pick a treatment from the
 * price list, and "Adaugă în etapă" adds it to the chosen phase — a bridge as one span, a per-tooth item
 * with one unit per tooth. The alternative's items are drawn hatched on the chart meanwhile.
 */
export function ChartPlanner({
  history,
  dintiStersi,
  priceItems,
  phaseTitles,
  planned,
  onAdd,
}: {
  history: readonly ChartHistoryEntry[];
  dintiStersi: readonly string[];
  priceItems: readonly PriceItem[];
  phaseTitles: readonly string[];
  planned: readonly PlannedMark[];
  onAdd: (phaseIndex: number, item: PlanItemInput) => void;
}) {
  const [teeth, setTeeth] = useState<ToothId[]>([]);
  const [priceItemId, setPriceItemId] = useState<string | null>(null);
  const [phase, setPhase] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const item of priceItems) {
      if (!item.active) continue;
      const price = item.price ? formatLei(item.price.amountBani) : 'fără preț';
      const entry = { value: item.id, label: `${item.name} — ${price} ${UNIT_LABELS[item.unit]}` };
      groups.set(item.group, [...(groups.get(item.group) ?? []), entry]);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [priceItems]);
  const phaseIndex = Math.min(Number(phase), phaseTitles.length - 1);

  function handleToothClick(tooth: ToothId) {
    setError(null);
    setTeeth((current) =>
      current.includes(tooth) ? current.filter((id) => id !== tooth) : sortTeeth([...current, tooth]),
    );
  }

  function handleAdd() {
    const price = priceItems.find((item) => item.id === priceItemId);
    if (!price) {
      setError('Alegeți o lucrare din lista de prețuri.');
      return;
    }
    const result = itemFromPrice(price, teeth);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    onAdd(phaseIndex, result.item);
    setTeeth([]);
    setError(null);
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Text fw={600}>Planificare pe schiță</Text>
        <DentalChart
          history={history}
          dintiStersi={dintiStersi}
          selectedTeeth={teeth}
          onToothClick={handleToothClick}
          planned={planned}
          legend={false}
        />
        <Text size="sm" aria-live="polite" data-testid="selected-teeth">
          {teeth.length > 0
            ? `Dinți aleși: ${teeth.join(', ')}`
            : 'Niciun dinte ales (atingeți dinții pe schiță).'}
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Lucrare din lista de prețuri"
            placeholder="Căutați lucrarea"
            searchable
            clearable
            data={options}
            value={priceItemId}
            onChange={(value) => {
              setPriceItemId(value);
              setError(null);
            }}
            style={{ flex: '1 1 280px', minWidth: 0 }}
            nothingFoundMessage="Nicio lucrare găsită"
          />
          <Select
            label="Etapa"
            w={160}
            allowDeselect={false}
            data={phaseTitles.map((title, index) => ({
              value: String(index),
              label: title || `Etapa ${index + 1}`,
            }))}
            value={String(phaseIndex)}
            onChange={(value) => setPhase(value ?? '0')}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={handleAdd}>
            {ADD_TO_PHASE}
          </Button>
          {teeth.length > 0 ? (
            <Button variant="subtle" onClick={() => setTeeth([])}>
              Golește selecția
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Alert color="orange" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
