import { useState } from 'react';
import { Alert, Button, Group, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import type { VatSettings } from '@odonto/domain/contracts/price-list';
import { formatPercent, parsePercent } from '@odonto/domain/money';
import { useSaveVatSettings } from './api';

const RATE_MESSAGE = 'Cota de TVA trebuie să fie un procent între 0 și 100 (ex.: 21 sau 9,5).';

/** The clinic's VAT rates (e.g. 21%, 11%) and the exemption text printed on documents; read-only for non-admins. */
export function VatSettingsForm({ settings, canEdit }: { settings: VatSettings; canEdit: boolean }) {
  const [rates, setRates] = useState(settings.ratesBp.map(formatPercent));
  const [exemptionText, setExemptionText] = useState(settings.exemptionText);
  const [rateError, setRateError] = useState<string | null>(null);
  const save = useSaveVatSettings();

  function handleSave() {
    const ratesBp = rates.map((rate) => parsePercent(rate));
    if (ratesBp.some((bp) => bp === null || bp === 0)) {
      setRateError(RATE_MESSAGE);
      return;
    }
    setRateError(null);
    save.mutate(
      {
        ratesBp: ratesBp.filter((bp): bp is number => bp !== null),
        exemptionText,
        version: settings.version,
      },
      { onSuccess: () => notifications.show({ color: 'teal', message: 'Setările TVA au fost salvate.' }) },
    );
  }

  if (!canEdit) {
    return (
      <Stack gap={4}>
        <Text size="sm">Cote de TVA: {settings.ratesBp.map(formatPercent).join(', ') || '—'}</Text>
        <Text size="sm" c="dimmed">
          {settings.exemptionText}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <TagsInput
        label="Cotele de TVA ale clinicii"
        description="Scrieți cota și apăsați Enter (ex.: 21%). O cotă folosită de articole nu poate fi ștearsă."
        value={rates}
        onChange={setRates}
        error={rateError}
      />
      <Textarea
        label="Textul scutirii de TVA (tipărit pe documente)"
        autosize
        minRows={2}
        value={exemptionText}
        onChange={(event) => setExemptionText(event.currentTarget.value)}
      />
      {save.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button leftSection={<IconDeviceFloppy size={18} />} onClick={handleSave} loading={save.isPending}>
          Salvează setările TVA
        </Button>
      </Group>
    </Stack>
  );
}
