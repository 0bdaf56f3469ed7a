import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { toIsoDay } from '@odonto/domain/dates';
import { PRICE_LIST_COLUMNS } from '@odonto/domain/price-list';
import { isApiError } from '../../lib/http';
import { FileUpload } from '../../ui/file-upload';
import { useImportPriceList } from './api';

/** '1 articol nou', '3 articole noi', '20 de articole noi' (Romanian adds 'de' from 20 on). */
function count(n: number, one: string, many: string): string {
  if (n === 1) return `1 ${one}`;
  const hasDe = n !== 0 && (n % 100 === 0 || n % 100 >= 20);
  return `${n}${hasDe ? ' de' : ''} ${many}`;
}

/** The import of a CSV or XLSX price list: the file and the day its prices apply from; a bad file's lines. */
export function PriceImport({ onDone }: { onDone: () => void }) {
  const today = toIsoDay(new Date());
  const [file, setFile] = useState<File | null>(null);
  const [validFrom, setValidFrom] = useState(today);
  const importList = useImportPriceList();
  const lines = isApiError(importList.error) ? importList.error.lines : [];

  function handleImport() {
    if (!file) return;
    importList.mutate(
      { file, validFrom },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            title: 'Lista de prețuri a fost importată',
            message: `${count(result.created, 'articol nou', 'articole noi')}, ${count(result.updated, 'modificat', 'modificate')}, ${count(result.unchanged, 'neschimbat', 'neschimbate')}.`,
          });
          onDone();
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Fișier .csv sau .xlsx cu coloanele {PRICE_LIST_COLUMNS.join(', ')} (ca la export). Se salvează tot
        fișierul sau nimic.
      </Text>
      <Group align="flex-end" gap="md">
        <FileUpload
          label="Fișierul listei de prețuri"
          extensions={['csv', 'xlsx']}
          value={file}
          onChange={(picked) => {
            importList.reset();
            setFile(picked);
          }}
          buttonLabel="Alege fișierul"
        />
        <TextInput
          label="Prețurile se aplică de la"
          type="date"
          min={today}
          value={validFrom}
          onChange={(event) => setValidFrom(event.currentTarget.value)}
        />
      </Group>
      {importList.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title="Importul nu a reușit"
          role="alert"
        >
          <Text size="sm">{importList.error.message}</Text>
          {lines.length > 0 ? (
            <List size="sm" mt="xs" aria-label="Erorile fișierului">
              {lines.map((line) => (
                <List.Item key={line.line}>
                  Rândul {line.line}: {line.message}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Renunță
        </Button>
        <Button
          leftSection={<IconFileUpload size={18} />}
          onClick={handleImport}
          disabled={!file}
          loading={importList.isPending}
        >
          Importă
        </Button>
      </Group>
    </Stack>
  );
}
