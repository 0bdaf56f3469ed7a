import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { STERILISATION_MESSAGES as M } from '@odonto/domain/contracts/sterilisation';
import { autoclavesAtLocation, DAILY_TEST_KINDS, type DailyTestKind } from '@odonto/domain/sterilisation';
import { useDailyTests, useRecordDailyTest, useSterilisationSettings } from './api';
import { dateTime } from './sterilisation-format';
import { useSterilisationLocation } from './use-location';

/** Today's Bowie-Dick / Helix test: a warning while an autoclave lacks a passed one, and its record. */
export function DailyTestBar({ canWrite }: { canWrite: boolean }) {
  const { locationId } = useSterilisationLocation();
  const tests = useDailyTests(locationId);
  const settings = useSterilisationSettings();
  const autoclaves = settings.data ? autoclavesAtLocation(settings.data, locationId) : [];
  const record = useRecordDailyTest();
  const [autoclave, setAutoclave] = useState<string | null>(null);
  const [kind, setKind] = useState<DailyTestKind>('Bowie-Dick');
  const missing = tests.data?.missing ?? [];
  const chosen =
    (autoclave !== null && autoclaves.includes(autoclave) ? autoclave : null) ??
    missing[0] ??
    autoclaves[0] ??
    null;

  return (
    <Alert
      color={missing.length > 0 ? 'orange' : 'teal'}
      icon={missing.length > 0 ? <IconAlertTriangle /> : <IconCircleCheck />}
      title={missing.length > 0 ? M.dailyTestMissing(missing) : 'Testul zilnic al autoclavelor este făcut.'}
    >
      {canWrite && settings.data ? (
        <Group gap="sm" mt="xs">
          <Select
            aria-label="Autoclav"
            data={autoclaves}
            value={chosen}
            onChange={setAutoclave}
            allowDeselect={false}
            w={180}
          />
          <SegmentedControl
            data={[...DAILY_TEST_KINDS]}
            value={kind}
            onChange={(value) => setKind(value as DailyTestKind)}
          />
          <Button
            color="teal"
            disabled={!chosen}
            loading={record.isPending}
            onClick={() => chosen && record.mutate({ autoclave: chosen, kind, result: 'pass' })}
          >
            Test conform
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={!chosen}
            loading={record.isPending}
            onClick={() => chosen && record.mutate({ autoclave: chosen, kind, result: 'fail' })}
          >
            Test neconform
          </Button>
        </Group>
      ) : null}
      {tests.data?.tests.map((test) => (
        <Text key={test.id} size="sm" c={test.result === 'pass' ? undefined : 'red'}>
          {dateTime(test.at)} · {test.autoclave} · {test.kind} ·{' '}
          {test.result === 'pass' ? 'conform' : 'neconform'} · {test.operator}
        </Text>
      ))}
      {tests.error ? <Text c="red">{tests.error.message}</Text> : null}
      {record.error ? <Text c="red">{record.error.message}</Text> : null}
    </Alert>
  );
}
