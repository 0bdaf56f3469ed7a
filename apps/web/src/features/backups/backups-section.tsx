import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconDeviceFloppy, IconPlayerPlay } from '@tabler/icons-react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import {
  backupScheduleUpdate,
  type BackupRun,
  type BackupScheduleData,
  type BackupScheduleUpdate,
  type BackupSettings,
} from '@odonto/domain/contracts/backups';
import { formatAuditTime } from '@odonto/domain/contracts/audit';
import { isApiError } from '../../lib/http';
import { showServerFieldErrors, visibleError } from '../../lib/form';
import { FormErrorSummary } from '../../ui/form-errors';
import { useBackupSettings, useRunBackup, useSaveBackupSchedule } from './api';

const FIELD_LABELS = {
  enabled: 'Copie zilnică',
  time: 'Ora',
  keep: 'Câte copii se păstrează',
  directory: 'Directorul copiilor (pe server)',
  version: 'Versiune',
} as const;

function valuesOf(settings: BackupSettings): BackupScheduleUpdate {
  const { enabled, time, keep, directory, version } = settings.schedule;
  return { enabled, time, keep, directory, version };
}

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

function LastRun({ run }: { run: BackupRun | null }) {
  if (!run) return <Text size="sm">Nu s-a făcut încă nicio copie de aici.</Text>;
  const how = run.trigger === 'schedule' ? 'programată' : 'pornită manual';
  if (run.result === 'running') {
    return (
      <Text size="sm">
        Copie în curs ({how}), începută la {formatAuditTime(run.startedAt)}…
      </Text>
    );
  }
  if (run.result === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Ultima copie a eșuat">
        <Text size="sm">
          {formatAuditTime(run.startedAt)} ({how}): {run.error}
        </Text>
      </Alert>
    );
  }
  return (
    <Text size="sm">
      Ultima copie: {formatAuditTime(run.finishedAt ?? run.startedAt)} ({how}), reușită — {run.file} (
      {sizeText(run.size)})
    </Text>
  );
}

type ScheduleForm = UseFormReturn<BackupScheduleUpdate, unknown, BackupScheduleData>;

/** A text field of the form, showing the server's message for it when there is one. */
function TextField({
  form,
  name,
  description,
  placeholder,
}: {
  form: ScheduleForm;
  name: 'time' | 'directory';
  description: string;
  placeholder: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={FIELD_LABELS[name]}
          description={description}
          placeholder={placeholder}
          {...field}
          error={fieldState.error?.type === 'server' ? fieldState.error.message : visibleError(fieldState)}
        />
      )}
    />
  );
}

function ScheduleForm({ settings }: { settings: BackupSettings }) {
  const form: ScheduleForm = useForm<BackupScheduleUpdate, unknown, BackupScheduleData>({
    mode: 'onTouched',
    resolver: zodResolver(backupScheduleUpdate),
    defaultValues: valuesOf(settings),
  });
  const save = useSaveBackupSchedule();
  const run = useRunBackup();
  const isStale = isApiError(save.error, 409);
  const isRunning = settings.lastRun?.result === 'running';

  function handleSubmit(values: BackupScheduleData) {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        notifications.show({ color: 'teal', message: 'Setările copiei de siguranță au fost salvate.' });
      },
      onError: (error) => showServerFieldErrors(form, error),
    });
  }

  function handleRunNow() {
    run.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Copia de siguranță a început.' }),
    });
  }

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      noValidate
      aria-label="Copie de siguranță"
    >
      <Stack gap="md">
        <FormErrorSummary form={form} labels={FIELD_LABELS} />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Copie de siguranță zilnică"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextField form={form} name="time" description="24 de ore, ora României" placeholder="02:00" />
          <Controller
            control={form.control}
            name="keep"
            render={({ field, fieldState }) => (
              <NumberInput
                label={FIELD_LABELS.keep}
                description="Cele mai vechi se șterg"
                min={1}
                max={365}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                onBlur={field.onBlur}
                error={
                  fieldState.error?.type === 'server' ? fieldState.error.message : visibleError(fieldState)
                }
              />
            )}
          />
        </SimpleGrid>
        <TextField
          form={form}
          name="directory"
          description="Calea completă pe serverul Odonto, de preferat pe alt disc, de exemplu /var/backups/odonto. Stocarea S3 nu este configurată în această instalare."
          placeholder="/var/backups/odonto"
        />
        {isStale ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
            {isApiError(save.error) ? save.error.message : null}
          </Alert>
        ) : save.error && !isApiError(save.error, 400) && !isApiError(save.error, 422) ? (
          <Text c="red" size="sm">
            {isApiError(save.error) ? save.error.message : 'Eroare server.'}
          </Text>
        ) : null}
        {run.error ? (
          <Text c="red" size="sm">
            {isApiError(run.error) ? run.error.message : 'Eroare server.'}
          </Text>
        ) : null}
        <Group>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={save.isPending}
            disabled={isStale}
          >
            Salvează
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={18} />}
            onClick={handleRunNow}
            loading={run.isPending || isRunning}
            disabled={settings.schedule.directory === ''}
          >
            Rulează acum
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Setări → Copii de siguranță (admins): the daily backup, its last run, "Rulează acum" (issue 16). */
export function BackupsSection() {
  const settings = useBackupSettings();
  const data = settings.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="backups-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="backups-title">
            Copii de siguranță
          </Title>
          <Text size="sm" c="dimmed">
            Serverul scrie zilnic o arhivă .tar.gz cu baza de date, fișierele încărcate (documente,
            radiografii, fotografii, semnături) și un manifest cu sumele de control. Se restaurează cu npm run
            restore (vezi README).
          </Text>
        </div>
        {data ? (
          <>
            <Stack gap={4} aria-label="Starea copiilor de siguranță" role="status">
              <LastRun run={data.lastRun} />
              {data.nextRunAt ? (
                <Text size="sm" c="dimmed">
                  Următoarea copie programată: {formatAuditTime(data.nextRunAt).slice(0, 16)}
                </Text>
              ) : null}
            </Stack>
            <ScheduleForm key={data.schedule.version} settings={data} />
          </>
        ) : settings.isError ? (
          <Text c="red">Setările nu au putut fi încărcate: {settings.error.message}</Text>
        ) : (
          <Skeleton h={160} />
        )}
      </Stack>
    </Paper>
  );
}
