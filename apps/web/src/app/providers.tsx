import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../features/auth/api';
import { createQueryClient } from '../lib/query-client';
import { LoadingOverlay } from '../ui/loading-overlay';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container (with its transitions and scroll handling, 20 KB compressed) is not needed to draw
// the sign-in screen, whose messages are its own: it comes with the session, or with the first toast.
const Notifications = lazy(() => import('./toasts-container').then((m) => ({ default: m.Notifications })));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const { data: session } = useQuery({ ...sessionQuery, enabled: false });
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && (session || notifications.length > 0 || queue.length > 0)) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} />
    </Suspense>
  );
}

export interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals for component tests. */
  env?: 'default' | 'test';
}

/**
 * Mantine (theme, dates from Monday in Romanian: the locale itself comes with the screens that show dates,
 * romanian-dates.ts), TanStack Query, toasts and the loading overlay.
 */
export function Providers({ children, queryClient, env = 'default' }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <DatesProvider settings={{ locale: 'ro', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={client}>
          <Toasts />
          <LoadingOverlay />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
