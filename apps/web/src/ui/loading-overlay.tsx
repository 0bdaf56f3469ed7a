import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useIsLoading } from '../lib/loading';

/** The full-screen overlay shown while the global loading flag is set (SPEC.md §2 "Other"). */
export function LoadingOverlay() {
  const isLoading = useIsLoading();
  if (!isLoading) return null;
  return (
    <Overlay
      fixed
      zIndex={1000}
      backgroundOpacity={0.35}
      color="#fff"
      blur={1}
      center
      role="status"
      aria-live="polite"
      aria-label="Se încarcă"
      data-testid="loading-overlay"
      className="odonto-loading-overlay"
    >
      <Stack align="center" gap="xs">
        <Loader size="lg" />
        <Text size="sm" c="dimmed">
          Se încarcă…
        </Text>
      </Stack>
    </Overlay>
  );
}
