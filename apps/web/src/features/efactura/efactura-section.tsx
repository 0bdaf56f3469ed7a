import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconDeviceFloppy, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  EFACTURA_MESSAGES,
  efacturaEnvironment,
  type EfacturaSettings,
  type EfacturaStatus,
} from '@odonto/domain/contracts/efactura';
import { cifDigits } from '@odonto/domain/efactura-sending';
import { isApiError } from '../../lib/http';
import { groupFieldRef, showServerFieldErrors, visibleError } from '../../lib/form';
import {
  AUTHORIZE_PATH,
  callbackUri,
  efacturaKeys,
  useEfacturaSettings,
  useEfacturaStatus,
  useSaveEfacturaSettings,
} from './api';

/** What ANAF's redirect brings back in `/setari?efactura=…`. */
export const CALLBACK_RESULTS: Record<string, { color: string; message: string }> = {
  conectat: {
    color: 'teal',
    message: 'Aplicația a fost autorizată la ANAF (SPV). e-Factura este conectată.',
  },
  refuzat: {
    color: 'orange',
    message: 'Autorizarea a fost refuzată în SPV. e-Factura nu este conectată; puteți încerca din nou.',
  },
  eroare: {
    color: 'red',
    message:
      'Autorizarea la ANAF nu a reușit (ANAF nu a confirmat codul). Verificați datele aplicației OAuth și încercați din nou.',
  },
};

const optionalUrl = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (/^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value)),
    EFACTURA_MESSAGES.url,
  );

const isCif = (value: string) => /^\d{2,10}$/.test(cifDigits(value));

const connectionForm = z
  .object({
    environment: efacturaEnvironment,
    apiUrl: optionalUrl,
    oauthUrl: optionalUrl,
    clientId: z.string().trim().min(1, EFACTURA_MESSAGES.clientId).max(200),
    clientSecret: z.string().max(500),
    cif: z.string().trim().refine(isCif, EFACTURA_MESSAGES.cif),
    otherCifs: z
      .array(z.string())
      .max(20, EFACTURA_MESSAGES.otherCifsTooMany)
      .refine((cifs) => cifs.every(isCif), EFACTURA_MESSAGES.cif),
  })
  .refine(
    ({ cif, otherCifs }) => {
      const digits = [cif, ...otherCifs].map(cifDigits);
      return new Set(digits).size === digits.length;
    },
    { path: ['otherCifs'], message: EFACTURA_MESSAGES.otherCifRepeated },
  );
type ConnectionForm = z.infer<typeof connectionForm>;

function formValues(settings: EfacturaSettings): ConnectionForm {
  return {
    environment: settings.environment,
    apiUrl: settings.apiUrl ?? '',
    oauthUrl: settings.oauthUrl ?? '',
    clientId: settings.clientId,
    clientSecret: '',
    cif: settings.cif,
    otherCifs: settings.otherCifs,
  };
}

function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}

function ConnectionStatus({ status }: { status: EfacturaStatus }) {
  if (status.connected)
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color="teal" variant="light">
            Conectat
          </Badge>
          {status.authorisedAt ? <Text size="sm">autorizat la {dateTime(status.authorisedAt)}</Text> : null}
        </Group>
        {status.refreshExpiresAt ? (
          <Text size="sm" c="dimmed">
            Autorizarea expiră la {dateTime(status.refreshExpiresAt)}; reînnoiți-o înainte din SPV.
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={status.configured ? 'orange' : 'gray'} variant="light">
          Neconectat
        </Badge>
        {status.refreshExpiresAt ? (
          <Text size="sm">autorizarea a expirat la {dateTime(status.refreshExpiresAt)}</Text>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {status.configured
          ? 'Datele aplicației sunt salvate. Apăsați „Autorizează în SPV” și confirmați cu certificatul digital.'
          : 'Completați și salvați datele aplicației OAuth înregistrate la ANAF, apoi autorizați-o în SPV.'}
      </Text>
    </Stack>
  );
}

function ConnectionFormView({
  settings,
  redirectUri,
  onReload,
}: {
  settings: EfacturaSettings;
  redirectUri: string;
  onReload: () => void;
}) {
  const [baseVersion, setBaseVersion] = useState(settings.version);
  const [hasSecret, setHasSecret] = useState(settings.hasClientSecret);
  const form = useForm<ConnectionForm>({
    mode: 'onTouched',
    resolver: zodResolver(connectionForm),
    defaultValues: formValues(settings),
  });
  const save = useSaveEfacturaSettings();
  const isStale = isApiError(save.error, 409);
  const { isSubmitted } = form.formState;
  // After a save was tried every wrong field says why; before, only those the user left.
  const shownError = (state: Parameters<typeof visibleError>[0]) =>
    isSubmitted || state.error?.type === 'server' ? state.error?.message : visibleError(state);

  function handleSubmit(values: ConnectionForm) {
    save.mutate(
      {
        environment: values.environment,
        apiUrl: values.apiUrl === '' ? null : values.apiUrl,
        oauthUrl: values.oauthUrl === '' ? null : values.oauthUrl,
        clientId: values.clientId,
        ...(values.clientSecret.trim() === '' ? {} : { clientSecret: values.clientSecret }),
        redirectUri,
        cif: values.cif,
        otherCifs: values.otherCifs,
        version: baseVersion,
      },
      {
        onSuccess: (saved) => {
          setBaseVersion(saved.version);
          setHasSecret(saved.hasClientSecret);
          form.reset(formValues(saved));
          notifications.show({ color: 'teal', message: 'Datele conexiunii e-Factura au fost salvate.' });
        },
        // The server names a refused CIF of the list by its place (otherCifs.2): the list's field shows it.
        onError: (error) =>
          showServerFieldErrors(form, error, (path) => (path.startsWith('otherCifs') ? 'otherCifs' : path)),
      },
    );
  }

  function handleReload() {
    // The newer version remounts this form (keyed by version) with the saved values.
    save.reset();
    onReload();
  }

  const textField = (
    name: 'apiUrl' | 'oauthUrl' | 'clientId' | 'cif',
    label: string,
    description?: string,
    required = false,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          description={description}
          required={required}
          {...field}
          error={shownError(fieldState)}
        />
      )}
    />
  );

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      noValidate
      aria-label="Conexiunea ANAF"
    >
      <Stack gap="md">
        <Controller
          control={form.control}
          name="environment"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="efactura-environment">
                Mediul ANAF
              </Text>
              <SegmentedControl
                ref={groupFieldRef(field.ref)}
                aria-labelledby="efactura-environment"
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'test', label: 'Test' },
                  { value: 'prod', label: 'Producție' },
                ]}
                w="fit-content"
              />
            </Stack>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {textField('clientId', 'ID client OAuth', undefined, true)}
          <Controller
            control={form.control}
            name="clientSecret"
            render={({ field, fieldState }) => (
              <PasswordInput
                label="Secret client OAuth"
                description={
                  hasSecret
                    ? 'Secretul este setat. Lăsați gol ca să-l păstrați.'
                    : 'Secretul nu este încă setat.'
                }
                autoComplete="new-password"
                {...field}
                error={shownError(fieldState)}
              />
            )}
          />
          {textField(
            'cif',
            'Codul fiscal al clinicii (CIF)',
            'Cu sau fără RO; se salvează doar cifrele.',
            true,
          )}
          <Controller
            control={form.control}
            name="otherCifs"
            render={({ field, fieldState }) => (
              <TagsInput
                label="Alte CIF-uri pentru care trimite autorizarea"
                description="Sediile care sunt firme separate: doar dacă persoana autorizată le poate folosi în SPV. Apăsați Enter după fiecare."
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                splitChars={[',', ' ', ';']}
                error={shownError(fieldState)}
              />
            )}
          />
          <TextInput
            label="Adresa de callback (redirect URI)"
            description="Înregistrați exact această adresă la aplicația OAuth din contul ANAF."
            value={redirectUri}
            readOnly
          />
          {textField('apiUrl', 'Adresa API e-Factura', 'Gol: adresa ANAF a mediului ales.')}
          {textField('oauthUrl', 'Adresa serverului OAuth', 'Gol: adresa ANAF (logincert.anaf.ro).')}
        </SimpleGrid>
        {save.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {isStale
                  ? 'Datele conexiunii au fost modificate între timp de alt administrator. Modificările dvs. sunt încă în formular; reîncărcați datele salvate ca să le vedeți pe cele noi.'
                  : save.error.message}
              </Text>
              {isStale ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRefresh size={16} />}
                  onClick={handleReload}
                >
                  Reîncarcă datele salvate
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
            Salvează conexiunea
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Shows, once, the result ANAF's redirect left in the address, then takes it out of the address. */
function useCallbackResult() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get('efactura');
  useEffect(() => {
    if (result === null) return;
    const shown = CALLBACK_RESULTS[result] ?? CALLBACK_RESULTS.eroare;
    if (shown) notifications.show({ color: shown.color, message: shown.message, autoClose: 10_000 });
    void queryClient.invalidateQueries({ queryKey: efacturaKeys.status });
    setSearchParams({ tab: 'efactura' }, { replace: true });
  }, [result, queryClient, setSearchParams]);
}

/** Setări → e-Factura (admins): the ANAF OAuth application, the SPV authorisation and its status. */
export function EfacturaSection() {
  const settings = useEfacturaSettings();
  const status = useEfacturaStatus();
  useCallbackResult();
  const redirectUri = settings.data?.redirectUri || callbackUri(window.location.origin);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="efactura-status-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="efactura-status-title">
            Starea conexiunii e-Factura
          </Title>
          {status.isError ? (
            <Text c="red">Starea conexiunii nu a putut fi încărcată.</Text>
          ) : status.data ? (
            <ConnectionStatus status={status.data} />
          ) : (
            <Skeleton h={40} />
          )}
          <Group>
            {status.data?.configured ? (
              // A plain navigation: the server answers with a redirect to ANAF's consent page.
              <Button
                component="a"
                href={AUTHORIZE_PATH}
                variant={status.data.connected ? 'light' : 'filled'}
                leftSection={<IconExternalLink size={18} />}
              >
                {status.data.connected ? 'Reautorizează în SPV' : 'Autorizează în SPV'}
              </Button>
            ) : (
              <Button leftSection={<IconExternalLink size={18} />} disabled>
                Autorizează în SPV
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="efactura-settings-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="efactura-settings-title">
            Aplicația OAuth ANAF
          </Title>
          {settings.isError ? (
            <Text c="red">Datele conexiunii nu au putut fi încărcate.</Text>
          ) : settings.data ? (
            <ConnectionFormView
              key={settings.data.version}
              settings={settings.data}
              redirectUri={redirectUri}
              onReload={() => void settings.refetch()}
            />
          ) : (
            <Skeleton h={200} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
