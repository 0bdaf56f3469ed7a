import { useCallback, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceTablet, IconSignature } from '@tabler/icons-react';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { SIGNATURE_MESSAGES, type SignatureRecord } from '@odonto/domain/contracts/signatures';
import { SignaturePadField } from './signature-pad';
import { StationWait } from './station-wait';
import { useSignatureCapture } from './use-signature-capture';

export interface EntrySignatureButtonProps {
  patientId: string;
  /** The entry being edited; null while it is new (it is signed once saved). */
  entry: PatientHistoryEntry | null;
}

/**
 * SPEC.md §2 treatment modal: the patient signature button. It opens a signature pad (or sends the
 * request to the signature station) and shows 'semnatura activa' once the signature is active and still
 * matches the entry.
 */
export function EntrySignatureButton({ patientId, entry }: EntrySignatureButtonProps) {
  const [signed, setSigned] = useState<SignatureRecord | null>(entry?.signed ?? null);
  const [isPadOpen, setIsPadOpen] = useState(false);
  const handleSigned = useCallback((record: SignatureRecord) => {
    setSigned(record);
    setIsPadOpen(false);
  }, []);
  const capture = useSignatureCapture(
    entry ? { kind: 'entry', patientId, entryId: entry.id, version: entry.version } : null,
    handleSigned,
  );

  if (!entry) {
    return (
      <Button variant="default" leftSection={<IconSignature size={16} />} disabled>
        Semnătură pacient (după salvare)
      </Button>
    );
  }
  const isActive = signed !== null && signed.matches;
  return (
    <Stack gap="xs" style={{ flexBasis: '100%' }}>
      <Group gap="xs">
        <Button
          variant={isActive ? 'light' : 'default'}
          color={isActive ? 'green' : undefined}
          leftSection={<IconSignature size={16} />}
          onClick={() => setIsPadOpen((open) => !open)}
          aria-expanded={isPadOpen}
        >
          {isActive ? SIGNATURE_MESSAGES.active : 'Semnătură pacient'}
        </Button>
        {signed && !signed.matches ? (
          <Badge color="red" variant="light">
            {SIGNATURE_MESSAGES.noLongerMatching}
          </Badge>
        ) : null}
      </Group>
      {capture.waitingStatus ? (
        <StationWait status={capture.waitingStatus} onCancel={() => void capture.cancelStation()} />
      ) : null}
      {isPadOpen && !capture.waitingStatus ? (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text size="sm">
              Pacientul semnează pentru: {entry.denumire}
              {entry.dinte ? `, dinte ${entry.dinte}` : ''}.
            </Text>
            <SignaturePadField
              onSave={(image) => void capture.signHere(image)}
              onCancel={() => setIsPadOpen(false)}
              isSaving={capture.isSaving}
            />
            <Button
              variant="light"
              leftSection={<IconDeviceTablet size={16} />}
              onClick={() => void capture.sendToStation()}
              loading={capture.isSending}
            >
              Trimite la tabletă
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
