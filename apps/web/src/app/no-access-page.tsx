import { IconLock } from '@tabler/icons-react';
import { landingPath } from '@odonto/domain/roles';
import { usePageTitle } from '../ui/use-page-title';
import { StatusPage } from './status-page';

export const NO_ACCESS_TITLE = 'Acces interzis';
export const NO_ACCESS_MESSAGE = 'Nu aveți acces la această pagină.';

/** Shown inside the app when the signed-in user's role does not open this route. */
export function NoAccessPage({ roles }: { roles: readonly string[] }) {
  usePageTitle(NO_ACCESS_TITLE);
  return (
    <StatusPage
      icon={<IconLock size={32} />}
      title={NO_ACCESS_TITLE}
      message={NO_ACCESS_MESSAGE}
      actionLabel="Înapoi la pagina principală"
      actionTo={landingPath(roles)}
    />
  );
}
