import { createContext, useContext } from 'react';
import type { SessionResponse } from '@odonto/domain/contracts/auth';

/** The signed-in user, provided by the route guard to every screen behind it. */
export const CurrentUserContext = createContext<SessionResponse | null>(null);

/** The signed-in user; only for screens behind the login guard. */
export function useCurrentUser(): SessionResponse {
  const session = useContext(CurrentUserContext);
  if (session === null) throw new Error('useCurrentUser is used outside a signed-in route');
  return session;
}
