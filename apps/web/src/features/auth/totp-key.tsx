import { lazy, Suspense } from 'react';
import { Box, Code, Group, Stack, Text } from '@mantine/core';
import type { TotpSetup } from '@odonto/domain/contracts/two-factor';

// The barcode library comes only with a key to show, not with the sign-in screen (issue 15's budgets).
const TotpQr = lazy(() => import('./totp-qr'));

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The new key as a QR code for an authenticator app, and as text for typing it in. */
export function TotpKey({ setup }: { setup: TotpSetup }) {
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <Suspense fallback={<Box w={168} h={168} aria-hidden />}>
        <TotpQr otpauthUrl={setup.otpauthUrl} />
      </Suspense>
      <Stack gap={6} style={{ flex: '1 1 200px' }}>
        <Text size="sm">
          Scanați codul QR cu aplicația de autentificare (Google Authenticator, Microsoft Authenticator, Aegis
          etc.) sau introduceți cheia de mai jos.
        </Text>
        <Text size="xs" c="dimmed">
          Cheia
        </Text>
        <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {groupedKey(setup.secret)}
        </Code>
      </Stack>
    </Group>
  );
}
