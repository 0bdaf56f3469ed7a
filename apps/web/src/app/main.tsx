import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { initErrorReporting } from './sentry';

void initErrorReporting();

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
