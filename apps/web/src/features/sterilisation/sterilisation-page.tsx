import { useCallback, useState } from 'react';
import { Alert, Button, Grid, Group, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import type { Instrument } from '@odonto/domain/contracts/sterilisation';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { askConfirmation } from '../../ui/confirm-host';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { useDeleteInstrument, useFindLabel, useInstruments, useSterilisationSettings } from './api';
import { DailyTestBar } from './daily-test-bar';
import { InstrumentList } from './instrument-list';
import { PatientTrace } from './patient-trace';
import { RegisterView } from './register-view';
import { SettingsSection } from './settings-section';
import { SidePanel, type PanelView } from './side-panel';
import { useLabelScanner } from './use-label-scanner';
import { useSterilisationLocation } from './use-location';
// Register the 'sterilisation-history' and 'print-sterilisation-id' modals.
import './history-modal';
import './label-modal';

/** /sterilizare: the instruments, the side panel, the register, trace-back and (admin) the lists. */
export function SterilisationPage() {
  usePageTitle('Sterilizare');
  const { userCtx } = useCurrentUser();
  const canWrite = can(userCtx.roles, 'write:sterilisation');
  const canConfigure = can(userCtx.roles, 'manage:settings');
  const [tab, setTab] = useState<string | null>('instrumente');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<PanelView>({ kind: 'idle' });
  const [labelText, setLabelText] = useState('');
  const [now] = useState(() => new Date());
  const instruments = useInstruments(search.trim());
  const settings = useSterilisationSettings();
  const findLabel = useFindLabel();
  const deleteInstrument = useDeleteInstrument();
  const location = useSterilisationLocation();

  const findId = useCallback(
    (id: number) => {
      setTab('instrumente');
      findLabel.mutate(id, {
        onSuccess: (cycle) => setView({ kind: 'cycle', cycleId: cycle.id, highlight: id }),
        onError: (error) => setView({ kind: 'error', message: error.message }),
      });
    },
    [findLabel],
  );
  useLabelScanner(findId, true);

  function handleLabel(instrument: Instrument) {
    const id = instrument.id_sterilizare;
    if (id === null) return;
    findLabel.mutate(id, {
      onSuccess: (cycle) => openModal('print-sterilisation-id', { cycle, ids: [id] }),
      onError: (error) => setView({ kind: 'error', message: error.message }),
    });
  }

  async function handleDelete(instrument: Instrument) {
    if (!(await askConfirmation(`Sunteți sigur că doriți să ștergeți instrumentul ${instrument.name}?`)))
      return;
    deleteInstrument.mutate(instrument._id, {
      onError: (error) => setView({ kind: 'error', message: error.message }),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>Sterilizare</Title>
        {location.isGroup ? (
          <Select
            label="Sediu"
            data={location.choices.map((place) => ({ value: place.id, label: place.name }))}
            value={location.locationId}
            onChange={(value) => value && location.choose(value)}
            allowDeselect={false}
            w={220}
          />
        ) : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const id = Number(labelText.trim());
            if (Number.isSafeInteger(id) && id > 0) findId(id);
            setLabelText('');
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label="ID sterilizare"
              placeholder="Scanați sau tastați"
              inputMode="numeric"
              leftSection={<IconBarcode size={18} />}
              value={labelText}
              onChange={(event) => setLabelText(event.currentTarget.value)}
            />
            <Button type="submit" variant="light">
              Caută
            </Button>
          </Group>
        </form>
      </Group>
      <DailyTestBar canWrite={canWrite} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="instrumente">Instrumente</Tabs.Tab>
          <Tabs.Tab value="registru">Registru</Tabs.Tab>
          <Tabs.Tab value="pacient">Trasabilitate pacient</Tabs.Tab>
          {canConfigure ? <Tabs.Tab value="setari">Setări</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="instrumente" pt="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              {instruments.error ? (
                <Alert color="red" mb="md">
                  {instruments.error.message}
                </Alert>
              ) : null}
              <InstrumentList
                instruments={instruments.data}
                search={search}
                onSearch={setSearch}
                onFindId={findId}
                canWrite={canWrite}
                onSterilise={(instrument) =>
                  setView({ kind: 'sterilise', first: instrument, key: Date.now() })
                }
                onEdit={(instrument) => setView({ kind: 'edit', instrument })}
                onHistory={(instrument) =>
                  openModal('sterilisation-history', { name: instrument.name, instrumentId: instrument._id })
                }
                onLabel={handleLabel}
                onDelete={(instrument) => void handleDelete(instrument)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <SidePanel view={view} canWrite={canWrite} onView={setView} />
              <Button
                mt="md"
                variant="default"
                fullWidth
                onClick={() => openModal('sterilisation-history', {})}
              >
                Istoric instrumente
              </Button>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="registru" pt="md">
          <RegisterView now={now} />
        </Tabs.Panel>
        <Tabs.Panel value="pacient" pt="md">
          <PatientTrace />
        </Tabs.Panel>
        {canConfigure && settings.data ? (
          <Tabs.Panel value="setari" pt="md">
            <SettingsSection settings={settings.data} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
