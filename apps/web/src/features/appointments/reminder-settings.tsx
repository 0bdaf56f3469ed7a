import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessage } from '@tabler/icons-react';
import { REMINDER_PLACEHOLDERS, renderReminder, smsParts } from '@odonto/domain/appointments';
import type { ReminderSettings } from '@odonto/domain/contracts/appointments';
import { isApiError } from '../../lib/http';
import { useReminderSettings, useSaveReminderSettings } from './api';

export const REMINDER_SETTINGS_TITLE = 'Textul SMS de reamintire';

const SAMPLE = { pacient: 'Ana Popescu', data: '05.03.2026', ora: '10:00', medic: 'Mihai Ionescu' };

function ReminderSettingsForm({ initial, onDone }: { initial: ReminderSettings; onDone: () => void }) {
  const [values, setValues] = useState(initial);
  const save = useSaveReminderSettings();
  const preview = renderReminder(values.template, { ...SAMPLE, clinica: values.clinicName });
  const { parts, isUnicode } = smsParts(preview);
  const fields = isApiError(save.error) ? save.error.fields : {};

  async function handleSave() {
    try {
      await save.mutateAsync(values);
      notifications.show({ color: 'teal', message: 'Textul SMS a fost salvat.' });
      onDone();
    } catch {
      // Shown below.
    }
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Numele clinicii"
        value={values.clinicName}
        maxLength={120}
        error={fields['clinicName']}
        onChange={(event) => setValues({ ...values, clinicName: event.currentTarget.value })}
      />
      <Textarea
        label="Text"
        autosize
        minRows={3}
        maxLength={480}
        value={values.template}
        error={fields['template']}
        onChange={(event) => setValues({ ...values, template: event.currentTarget.value })}
      />
      <Text size="xs" c="dimmed">
        Câmpuri: {REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')} ({'{medic}'} este numele
        medicului, fără „Dr.”). Mesajul pleacă cu orele setate înainte de programare; mesajele deja programate
        își păstrează textul.
      </Text>
      <Stack gap={4} component="section" aria-label="Exemplu de mesaj">
        <Text size="sm" fw={600}>
          Exemplu
        </Text>
        <Code block>{preview}</Code>
        <Text size="xs" c={isUnicode || parts > 1 ? 'orange' : 'dimmed'}>
          {preview.length} caractere, {parts} SMS
          {isUnicode ? ' (diacriticele sau alte semne speciale scurtează un SMS la 70 de caractere)' : ''}
        </Text>
      </Stack>
      {save.isError && Object.keys(fields).length === 0 ? (
        <Alert color="red">
          {isApiError(save.error) ? save.error.message : 'Textul nu a putut fi salvat.'}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Renunță
        </Button>
        <Button loading={save.isPending} onClick={() => void handleSave()}>
          Salvează
        </Button>
      </Group>
    </Stack>
  );
}

/** The reminder text and clinic name (admins): a button that opens the form with a live example. */
export function ReminderSettingsButton() {
  const [isOpen, setIsOpen] = useState(false);
  const settings = useReminderSettings(isOpen);
  return (
    <>
      <Button variant="default" leftSection={<IconMessage size={18} />} onClick={() => setIsOpen(true)}>
        Text SMS
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title={REMINDER_SETTINGS_TITLE} size="lg">
        {settings.data ? (
          <ReminderSettingsForm initial={settings.data} onDone={() => setIsOpen(false)} />
        ) : settings.isError ? (
          <Alert color="red">Textul SMS nu a putut fi citit.</Alert>
        ) : (
          <Text size="sm">Se încarcă…</Text>
        )}
      </Modal>
    </>
  );
}
