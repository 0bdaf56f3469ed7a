import { useMemo } from 'react';
import { Code, Group, Image, Stack, Text } from '@mantine/core';
import { toSVG } from 'bwip-js/browser';
import type { TotpSetup } from '@odonto/domain/contracts/two-factor';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The new key as a QR code for an authenticator app, and as text for typing it in. */
export function TotpKey({ setup }: { setup: TotpSetup }) {
  const source = useMemo(() => {
    const svg = toSVG({ bcid: 'qrcode', text: setup.otpauthUrl, scale: 4 });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [setup.otpauthUrl]);
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <Image
        src={source}
        alt="Cod QR pentru aplicația de autentificare"
        w={168}
        h={168}
        fit="contain"
        bg="white"
        p={6}
        radius="sm"
        style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="totp-qr"
      />
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
