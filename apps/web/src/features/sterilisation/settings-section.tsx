import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  sterilisationSettings,
  type SterilisationProgramme,
  type SterilisationSettings,
} from '@odonto/domain/contracts/sterilisation';
import { PACKAGING_LABELS, PACKAGING_TYPES } from '@odonto/domain/sterilisation';
import { useSaveSettings } from './api';
import { useSterilisationLocation } from './use-location';

/** The choice of an autoclave placed at no location: it serves every location. */
const EVERY_LOCATION = 'toate';

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** Admin: the autoclaves, the programmes with their parameters, and shelf life per packaging type. */
export function SettingsSection({ settings }: { settings: SterilisationSettings }) {
  const [draft, setDraft] = useState(settings);
  const save = useSaveSettings();
  const checked = sterilisationSettings.safeParse(draft);
  const location = useSterilisationLocation();

  function placeAutoclave(autoclave: string, locationId: string) {
    setDraft((current) => {
      const { [autoclave]: _previous, ...others } = current.autoclaveLocations;
      return {
        ...current,
        autoclaveLocations: locationId === EVERY_LOCATION ? others : { ...others, [autoclave]: locationId },
      };
    });
  }

  function setProgramme(index: number, change: Partial<SterilisationProgramme>) {
    setDraft((current) => ({
      ...current,
      programmes: current.programmes.map((programme, at) =>
        at === index ? { ...programme, ...change } : programme,
      ),
    }));
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <TagsInput
          label="Autoclave"
          value={draft.autoclaves}
          onChange={(autoclaves) => setDraft({ ...draft, autoclaves })}
        />
        {location.isGroup ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {draft.autoclaves.map((autoclave) => (
              <Select
                key={autoclave}
                label={`Sediul pentru ${autoclave}`}
                data={[
                  { value: EVERY_LOCATION, label: 'Toate sediile' },
                  ...location.choices.map((place) => ({ value: place.id, label: place.name })),
                ]}
                value={draft.autoclaveLocations[autoclave] ?? EVERY_LOCATION}
                onChange={(value) => value && placeAutoclave(autoclave, value)}
                allowDeselect={false}
              />
            ))}
          </SimpleGrid>
        ) : null}
        <Title order={3} fz="md" c="teal.9">
          Programe
        </Title>
        {draft.programmes.map((programme, index) => (
          <Group key={index} align="flex-end" wrap="nowrap">
            <TextInput
              label="Program"
              value={programme.name}
              onChange={(event) => setProgramme(index, { name: event.currentTarget.value })}
            />
            <NumberInput
              label="°C"
              w={90}
              value={programme.temperature}
              onChange={(value) => setProgramme(index, { temperature: asNumber(value) })}
            />
            <NumberInput
              label="bar"
              w={90}
              decimalScale={2}
              decimalSeparator=","
              value={programme.pressure}
              onChange={(value) => setProgramme(index, { pressure: asNumber(value) })}
            />
            <NumberInput
              label="min"
              w={90}
              value={programme.duration}
              onChange={(value) => setProgramme(index, { duration: asNumber(value) })}
            />
            <ActionIcon
              size="input-sm"
              color="red"
              variant="light"
              aria-label={`Șterge programul ${programme.name}`}
              onClick={() =>
                setDraft({ ...draft, programmes: draft.programmes.filter((_, at) => at !== index) })
              }
            >
              <IconTrash />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} />}
            onClick={() =>
              setDraft({
                ...draft,
                programmes: [...draft.programmes, { name: '', temperature: 134, pressure: 2.1, duration: 5 }],
              })
            }
          >
            Adaugă program
          </Button>
        </Group>
        <Title order={3} fz="md" c="teal.9">
          Valabilitate (zile) după ambalare
        </Title>
        <Group>
          {PACKAGING_TYPES.map((type) => (
            <NumberInput
              key={type}
              label={PACKAGING_LABELS[type]}
              w={140}
              min={0}
              value={draft.shelfLifeDays[type]}
              onChange={(value) =>
                setDraft({ ...draft, shelfLifeDays: { ...draft.shelfLifeDays, [type]: asNumber(value) } })
              }
            />
          ))}
        </Group>
        {checked.success ? null : <Alert color="orange">{checked.error.issues[0]?.message}</Alert>}
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        {save.isSuccess ? <Alert color="teal">Setările au fost salvate.</Alert> : null}
        <Group justify="flex-end">
          <Button
            disabled={!checked.success}
            loading={save.isPending}
            onClick={() => checked.success && save.mutate(checked.data)}
          >
            Salvează setările
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
