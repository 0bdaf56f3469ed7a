import { useMemo } from 'react';
import { Image } from '@mantine/core';
// The QR encoder alone (not toSVG, which brings every symbology), loaded only when a key is shown.
import { drawingSVG, qrcode } from 'bwip-js/browser';

/** The otpauth:// address as a QR code an authenticator app scans. */
export default function TotpQr({ otpauthUrl }: { otpauthUrl: string }) {
  const source = useMemo(() => {
    const svg = qrcode({ bcid: 'qrcode', text: otpauthUrl, scale: 4 }, drawingSVG());
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [otpauthUrl]);
  return (
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
  );
}
