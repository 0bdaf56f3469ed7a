import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconHeartbeat } from '@tabler/icons-react';
import { ANTECEDENT_ITEMS, hasAllergies, hasAntecedents, type Antecedente } from '@odonto/domain/antecedents';

interface MarkedItem {
  label: string;
  text?: string;
}

/** The ticked medical-history items, allergies or the rest, with their notes. */
export function markedItems(antecedente: Antecedente, kind: 'allergies' | 'antecedents'): MarkedItem[] {
  return ANTECEDENT_ITEMS.filter((item) => (kind === 'allergies') === (item.key === 'alergii'))
    .filter((item) => antecedente[item.key]?.val === true)
    .map((item) => ({ label: item.label, text: antecedente[item.key]?.text || undefined }));
}

function ItemList({ items, empty }: { items: MarkedItem[]; empty: string }) {
  if (items.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Stack gap={2}>
      {items.map((item) => (
        <Text size="sm" key={item.label}>
          {item.label}
          {item.text ? `: ${item.text}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

interface IndicatorProps {
  label: string;
  isOn: boolean;
  color: string;
  items: MarkedItem[];
  empty: string;
  icon: ReactNode;
}

function Indicator({ label, isOn, color, items, empty, icon }: IndicatorProps) {
  const summary = isOn ? items.map((item) => item.label).join(', ') : empty;
  return (
    <Tooltip
      label={<ItemList items={items} empty={empty} />}
      position="bottom"
      withArrow
      multiline
      maw={320}
      openDelay={150}
    >
      <Badge
        size="lg"
        radius="sm"
        variant={isOn ? 'filled' : 'outline'}
        color={isOn ? color : 'gray'}
        leftSection={isOn ? icon : null}
        tabIndex={0}
        aria-label={`${label}: ${summary}`}
        data-active={isOn || undefined}
        style={{ cursor: 'help' }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

/** The header's ALERGII and ANTECEDENTE indicators: filled when marked, muted otherwise. */
export function PatientIndicators({ antecedente }: { antecedente: Antecedente }) {
  return (
    <Group gap="xs">
      <Indicator
        label="ALERGII"
        isOn={hasAllergies(antecedente)}
        color="red"
        items={markedItems(antecedente, 'allergies')}
        empty="Nu sunt marcate alergii."
        icon={<IconAlertTriangle size={14} />}
      />
      <Indicator
        label="ANTECEDENTE"
        isOn={hasAntecedents(antecedente)}
        color="orange"
        items={markedItems(antecedente, 'antecedents')}
        empty="Nu sunt marcate antecedente."
        icon={<IconHeartbeat size={14} />}
      />
    </Group>
  );
}
