import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
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
            Registrul oficial al localităților publicat de INS, în format CSV. Un import nou înlocuiește toate
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
