import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload, IconKey } from '@tabler/icons-react';

/** The ten recovery codes, shown once, with copy and download. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const text = `Odonto — coduri de recuperare\n\n${codes.join('\n')}\n`;

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      notifications.show({ color: 'teal', message: 'Codurile au fost copiate.' });
    } catch {
      notifications.show({ color: 'red', message: 'Codurile nu au putut fi copiate. Notați-le de mână.' });
    }
  }

  function handleDownload() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'odonto-coduri-de-recuperare.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconKey />} title="Păstrați aceste coduri">
        <Text size="sm">
          Dacă nu aveți telefonul la îndemână, vă puteți autentifica cu unul dintre aceste coduri. Fiecare cod
          funcționează o singură dată. Codurile nu vor mai fi afișate.
        </Text>
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        verticalSpacing={4}
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Coduri de recuperare"
      >
        {codes.map((code) => (
          <Text key={code} component="li" ff="monospace" fz="sm" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconCopy size={16} />}
          onClick={() => void handleCopy()}
        >
          Copiază
        </Button>
        <Button variant="default" size="xs" leftSection={<IconDownload size={16} />} onClick={handleDownload}>
          Descarcă
        </Button>
      </Group>
    </Stack>
  );
}
