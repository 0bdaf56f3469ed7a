import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import type { PlacesRegister } from '@odonto/domain/contracts/places';
import { formatCalendarDay, toIsoDay } from '@odonto/domain/dates';
import { COUNTIES } from '@odonto/domain/places';
import { FileUpload } from '../../ui/file-upload';
import { useImportSiruta, usePlaces } from './api';
import { countyLabel } from './place-pickers';

const numbers = new Intl.NumberFormat('ro-RO');

/** '42 de județe, 13.850 de localități' with Romanian number agreement. */
export function importSummary(counties: number, localities: number): string {
  const count = (n: number, one: string, many: string) => {
    if (n === 1) return `1 ${one}`;
    const lastTwo = n % 100;
    return `${numbers.format(n)} ${n === 0 || (lastTwo >= 1 && lastTwo <= 19) ? '' : 'de '}${many}`;
  };
  return `${count(counties, 'județ', 'județe')}, ${count(localities, 'localitate', 'localități')}`;
}

/** The attribution the register's licence (CC BY 4.0) asks for, as INS words it. */
export const SIRUTA_ATTRIBUTION = 'Sursa: Institutul Naţional de Statistică, SIRUTA';

/** '2025_S1' → '2025, semestrul 1'; an edition written otherwise is shown as it is. */
export function editionLabel(editie: string): string {
  const match = /^(\d{4})_S([12])$/u.exec(editie);
  return match ? `${match[1]}, semestrul ${match[2]}` : editie;
}

/** Which register the localities come from: the one built into the app, or the last import. */
export function registerText(registru: PlacesRegister): string {
  const day = formatCalendarDay(toIsoDay(registru.incarcatLa));
  const edition = registru.editie ? ` (ediția ${editionLabel(registru.editie)})` : '';
  return registru.inclus
    ? `Registrul SIRUTA inclus în aplicație${edition}, încărcat la ${day}.`
    : `Registrul SIRUTA importat la ${day}${edition}.`;
}

function CountyCounts() {
  const places = usePlaces();
  if (!places.data) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
        {COUNTIES.map((county) => (
          <Skeleton key={county.auto} h={18} />
        ))}
      </SimpleGrid>
    );
  }
  const total = places.data.judete.reduce((sum, county) => sum + county.localitati, 0);
  return (
    <Stack gap="sm">
      <Text size="sm" c={total === 0 ? 'orange.8' : 'dimmed'}>
        {total === 0
          ? 'Nu a fost importată încă nicio localitate: câmpul oraș al pacienților se completează liber.'
          : `În total: ${importSummary(places.data.judete.filter((county) => county.localitati > 0).length, total)}.`}
      </Text>
      {places.data.registru ? (
        <Text size="sm" c="dimmed">
          {registerText(places.data.registru)}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={4} verticalSpacing={4} component="ul" p={0} m={0}>
        {places.data.judete.map((county) => (
          <Group
            key={county.auto}
            component="li"
            justify="space-between"
            gap="xs"
            px="xs"
            style={{ listStyle: 'none' }}
          >
            <Text size="sm">{countyLabel(county)}</Text>
            <Text size="sm" c="dimmed" ff="monospace">
              {numbers.format(county.localitati)}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Settings → 'Localități (SIRUTA)': the localities per county and the upload of a new register. */
export function SirutaSettings() {
  const [file, setFile] = useState<File | null>(null);
  const importSiruta = useImportSiruta();

  function handleImport() {
    if (!file) return;
    importSiruta.mutate(file, {
      onSuccess: (result) => {
        setFile(null);
        notifications.show({
          color: 'teal',
          title: 'Localități importate',
          message: `Import reușit: ${importSummary(result.counties, result.localities)}.`,
        });
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="siruta-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="siruta-title">
            Localități (SIRUTA)
          </Title>
          <Text size="sm" c="dimmed">
            Registrul oficial al localităților, publicat de INS, este inclus în aplicație. Pentru o ediție mai
            nouă, importați fișierul CSV publicat pe data.gov.ro: un import nou înlocuiește toate
            localitățile.
          </Text>
        </div>
        <CountyCounts />
        <Group align="flex-end" gap="md">
          <FileUpload
            label="Fișier SIRUTA"
            extensions={['csv']}
            value={file}
            onChange={(picked) => {
              importSiruta.reset();
              setFile(picked);
            }}
            buttonLabel="Alege fișierul CSV"
          />
          <Button
            leftSection={<IconFileUpload size={18} />}
            onClick={handleImport}
            disabled={!file}
            loading={importSiruta.isPending}
          >
            Importă
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {SIRUTA_ATTRIBUTION}. Licență{' '}
          <Anchor
            href="https://creativecommons.org/licenses/by/4.0/deed.ro"
            target="_blank"
            rel="noreferrer"
            inherit
            underline="always"
          >
            CC BY 4.0
          </Anchor>
          .
        </Text>
        {importSiruta.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title="Importul nu a reușit"
            role="alert"
          >
            {importSiruta.error.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
