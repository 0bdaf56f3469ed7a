import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

const TEXTS = {
  timeout: {
    title: 'Pagina se încarcă prea greu',
    body: 'Pagina nu s-a încărcat în 120 de secunde. Verificați conexiunea la internet și încercați din nou.',
  },
  chunk: {
    title: 'Pagina nu a putut fi încărcată',
    body: 'A apărut o problemă la încărcarea paginii. Verificați conexiunea la internet și încercați din nou.',
  },
  session: {
    title: 'Sesiunea nu a putut fi verificată',
    body: 'Serverul nu a răspuns. Verificați conexiunea la internet și încercați din nou.',
  },
  render: {
    title: 'A apărut o eroare',
    body: 'Pagina nu a putut fi afișată. Încercați din nou; dacă problema persistă, anunțați administratorul.',
  },
} as const;

export interface PageErrorProps {
  kind: keyof typeof TEXTS;
  onRetry: () => void;
}

/** The clear Romanian message shown instead of a page that failed, with a retry button. */
export function PageError({ kind, onRetry }: PageErrorProps) {
  const text = TEXTS[kind];
  return (
    <Center py="xl">
      <Alert
        role="alert"
        color="red"
        variant="light"
        radius="md"
        title={text.title}
        icon={<IconAlertTriangle />}
        maw={520}
        w="100%"
      >
        <Stack gap="md" align="flex-start">
          <Text size="sm">{text.body}</Text>
          <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Reîncearcă
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}
