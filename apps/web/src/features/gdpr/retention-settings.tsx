import { Alert, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import {
  retentionSettingsUpdate,
  type RetentionSettings,
  type RetentionSettingsUpdate,
} from '@odonto/domain/contracts/gdpr-erasure';
import { isApiError } from '../../lib/http';
import { useRetentionSettings, useSaveRetention } from './erasure-api';

function RetentionForm({ settings, onReload }: { settings: RetentionSettings; onReload: () => void }) {
  const save = useSaveRetention();
  const form = useForm<RetentionSettingsUpdate>({
    resolver: zodResolver(retentionSettingsUpdate),
    defaultValues: { ani: settings.ani, version: settings.version },
  });
  const isStale = isApiError(save.error, 409);

  function handleSave(data: RetentionSettingsUpdate) {
    save.mutate(data, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Perioada de păstrare a fost salvată.' }),
    });
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleSave)(event)} noValidate>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="ani"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Perioada de păstrare (ani de la ultima vizită)"
              description="Ultima vizită: cea mai recentă dintre deschiderea fișei, un tratament și o programare."
              w={360}
              min={1}
              max={100}
              // Out of range is said (the contract's message), not silently changed to 1 or 100.
              clampBehavior="none"
              allowDecimal={false}
              value={field.value}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {save.error ? (
          <Alert color={isStale ? 'orange' : 'red'} role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{save.error.message}</Text>
              {isStale ? (
                <Button size="xs" variant="light" color="orange" onClick={onReload}>
                  Reîncarcă
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={save.isPending}
            disabled={!form.formState.isDirty || isStale}
          >
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The retention period's form; remounted on each saved version so it starts from what is stored. */
export function RetentionSettingsForm() {
  const settings = useRetentionSettings();
  if (settings.data)
    return (
      <RetentionForm
        key={settings.data.version}
        settings={settings.data}
        onReload={() => void settings.refetch()}
      />
    );
  if (settings.isError) return <Text c="red">Setarea nu a putut fi încărcată: {settings.error.message}</Text>;
  return <Skeleton h={80} />;
}
