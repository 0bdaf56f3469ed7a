import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Cycle, Instrument } from '@odonto/domain/contracts/sterilisation';
import { autoclavesAtLocation } from '@odonto/domain/sterilisation';
import { useSterilisationSettings } from './api';
import { CycleView } from './cycle-view';
import { InstrumentForm } from './instrument-form';
import { SteriliseForm } from './sterilise-form';
import { useSterilisationLocation } from './use-location';

/** What the side panel shows: the three views of SPEC.md §2, or a load found by its label. */
export type PanelView =
  | { kind: 'idle' }
  | { kind: 'create' }
  | { kind: 'edit'; instrument: Instrument }
  | { kind: 'sterilise'; first: Instrument | null; key: number }
  | { kind: 'cycle'; cycleId: number; highlight?: number }
  | { kind: 'error'; message: string };

export function SidePanel({
  view,
  canWrite,
  onView,
}: {
  view: PanelView;
  canWrite: boolean;
  onView: (view: PanelView) => void;
}) {
  const settings = useSterilisationSettings();
  const { locationId } = useSterilisationLocation();
  const showCycle = (cycle: Cycle) => onView({ kind: 'cycle', cycleId: cycle.id });
  return (
    <Paper withBorder radius="md" p="md" aria-label="Panou sterilizare" component="section">
      {view.kind === 'idle' ? (
        <Stack gap="md">
          <Text c="dimmed">
            Scanați sau tastați un ID de sterilizare, sau alegeți un instrument din listă.
          </Text>
          {canWrite ? (
            <>
              <Button leftSection={<IconPlus size={18} />} onClick={() => onView({ kind: 'create' })}>
                Instrument nou
              </Button>
              <Button
                variant="light"
                onClick={() => onView({ kind: 'sterilise', first: null, key: Date.now() })}
              >
                Sterilizare (ciclu nou)
              </Button>
            </>
          ) : null}
        </Stack>
      ) : null}
      {view.kind === 'create' ? (
        <InstrumentForm instrument={null} onDone={() => onView({ kind: 'idle' })} />
      ) : null}
      {view.kind === 'edit' ? (
        <InstrumentForm
          key={view.instrument._id}
          instrument={view.instrument}
          onDone={() => onView({ kind: 'idle' })}
        />
      ) : null}
      {view.kind === 'sterilise' ? (
        settings.data ? (
          <SteriliseForm
            key={view.key}
            settings={{ ...settings.data, autoclaves: autoclavesAtLocation(settings.data, locationId) }}
            first={view.first}
            onRecorded={showCycle}
          />
        ) : settings.error ? (
          <Alert color="red">{settings.error.message}</Alert>
        ) : (
          <Text c="dimmed">Se încarcă…</Text>
        )
      ) : null}
      {view.kind === 'cycle' ? (
        <CycleView
          cycleId={view.cycleId}
          canWrite={canWrite}
          {...(view.highlight ? { highlight: view.highlight } : {})}
        />
      ) : null}
      {view.kind === 'error' ? <Alert color="red">{view.message}</Alert> : null}
      {view.kind !== 'idle' ? (
        <Button mt="md" variant="subtle" onClick={() => onView({ kind: 'idle' })}>
          Închide panoul
        </Button>
      ) : null}
    </Paper>
  );
}
