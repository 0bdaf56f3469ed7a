import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { landingPath } from '@odonto/domain/roles';
import { useSession, useSetupStatus } from '../features/auth/api';
import { resetLinkFrom } from '../features/auth/reset-link';
import { CurrentUserContext, useCurrentUser } from '../lib/current-user';
import { PageLoading } from './lazy-page';
import { NoAccessPage } from './no-access-page';
import { PageError } from './page-error';

/** First run: while the database has no user, every route shows the setup screen instead. */
export function SetupGate({ children, setup }: { children: ReactNode; setup: ReactNode }) {
  const { data, isPending } = useSetupStatus();
  if (isPending) return <PageLoading />;
  // If the check itself fails, the screens below report the server problem in their own way.
  return data?.needsSetup ? setup : children;
}

/** A route needing login: checks the session (GET /api/check-login); no user → /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.data === undefined) {
    if (session.isError) return <PageError kind="session" onRetry={() => void session.refetch()} />;
    return <PageLoading />;
  }
  if (session.data === null) return <Navigate to="/login" replace />;
  return <CurrentUserContext.Provider value={session.data}>{children}</CurrentUserContext.Provider>;
}

/** A route needing a role: others see the Romanian no-access page. */
export function RequireAccess({
  allow,
  children,
}: {
  allow: (roles: readonly string[]) => boolean;
  children: ReactNode;
}) {
  const { userCtx } = useCurrentUser();
  return allow(userCtx.roles) ? children : <NoAccessPage roles={userCtx.roles} />;
}

/** /login: a signed-in user goes to their landing page, except to follow a password-reset link. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [searchParams] = useSearchParams();
  if (resetLinkFrom(searchParams)) return children;
  if (session.data === undefined && session.isPending) return <PageLoading />;
  if (session.data) return <Navigate to={landingPath(session.data.userCtx.roles)} replace />;
  return children;
}
