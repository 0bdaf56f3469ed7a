import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/ro';
import { createQueryClient } from '../lib/query-client';
import { LoadingOverlay } from '../ui/loading-overlay';
import { cssVariablesResolver, theme } from './theme';

dayjs.locale('ro');

export interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals for component tests. */
  env?: 'default' | 'test';
}

/** Mantine (theme, Romanian dates from Monday), TanStack Query, toasts and the loading overlay. */
export function Providers({ children, queryClient, env = 'default' }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <DatesProvider settings={{ locale: 'ro', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={client}>
          <Notifications position="top-right" limit={4} />
          <LoadingOverlay />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
