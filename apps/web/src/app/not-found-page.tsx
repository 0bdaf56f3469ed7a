import { Box } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { usePageTitle } from '../ui/use-page-title';
import { StatusPage } from './status-page';

export const NOT_FOUND_TITLE = 'Pagina nu a fost găsită';
export const NOT_FOUND_MESSAGE =
  'Adresa cerută nu există. Verificați adresa sau întoarceți-vă la pagina principală.';

/** The 404 page for any unknown path. */
export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <Box component="main" mih="100dvh" bg="gray.0">
      <StatusPage
        icon={<IconMapOff size={32} />}
        title={NOT_FOUND_TITLE}
        message={NOT_FOUND_MESSAGE}
        actionLabel="Înapoi la pagina principală"
        actionTo="/"
      />
    </Box>
  );
}
