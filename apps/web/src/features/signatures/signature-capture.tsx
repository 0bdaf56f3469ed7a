import { Button, Stack } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import type { SignatureRecord } from '@odonto/domain/contracts/signatures';
import { SignaturePadField } from './signature-pad';
import { StationWait } from './station-wait';
import { useSignatureCapture, type CaptureTarget } from './use-signature-capture';

export interface SignatureCaptureProps {
  /** What is signed; the same target signed here or sent to the signature station. */
  target: CaptureTarget;
  onSigned: (record: SignatureRecord) => void;
  saveLabel: string;
  stationLabel?: string;
}

/**
 * The two ways to collect a signature for `target`: the pad here, or the signature station (followed
 * until the patient signs there). Published to the plans feature (decision 0009); failures alert
 * SPEC.md §8's 'Eroare activare semnatura digitala.'.
 */
export function SignatureCapture({
  target,
  onSigned,
  saveLabel,
  stationLabel = 'Trimite la stația de semnare',
}: SignatureCaptureProps) {
  const capture = useSignatureCapture(target, onSigned);
  if (capture.waitingStatus) {
    return <StationWait status={capture.waitingStatus} onCancel={() => void capture.cancelStation()} />;
  }
  return (
    <Stack gap="xs">
      <SignaturePadField
        onSave={(image) => void capture.signHere(image)}
        isSaving={capture.isSaving}
        saveLabel={saveLabel}
      />
      <Button
        variant="light"
        leftSection={<IconDeviceTablet size={16} />}
        onClick={() => void capture.sendToStation()}
        loading={capture.isSending}
      >
        {stationLabel}
      </Button>
    </Stack>
  );
}
