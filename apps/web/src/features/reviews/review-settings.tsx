import { Group, Paper, SegmentedControl, Switch, Text } from '@mantine/core';
import { AUTO_REQUEST_DELAY_MINUTES } from '@odonto/domain/reviews';
import type { ReviewSettings } from '@odonto/domain/contracts/reviews';
import { useReviewSettings, useSaveReviewSettings } from './api';

/** The automatic sending of review requests (admins): on/off and the preferred channel. */
export function ReviewSettingsPanel() {
  const settings = useReviewSettings();
  const save = useSaveReviewSettings();
  const current = settings.data;
  if (!current) return null;

  function handleChange(patch: Partial<ReviewSettings>) {
    if (!current) return;
    save.mutate({ ...current, ...patch });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Trimitere automată">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Switch
            label="Cere automat o recenzie după fiecare programare"
            checked={current.autoRequest}
            onChange={(event) => handleChange({ autoRequest: event.currentTarget.checked })}
            disabled={save.isPending}
          />
          <Text size="xs" c="dimmed" mt={4} ml={54}>
            Mesajul pleacă la {AUTO_REQUEST_DELAY_MINUTES / 60} ore după sfârșitul programării; pacienții
            blocați nu îl primesc.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Canalul cererilor automate"
          value={current.channel}
          onChange={(channel) => handleChange({ channel: channel === 'email' ? 'email' : 'sms' })}
          data={[
            { value: 'sms', label: 'SMS' },
            { value: 'email', label: 'Email' },
          ]}
          disabled={save.isPending}
        />
      </Group>
    </Paper>
  );
}
