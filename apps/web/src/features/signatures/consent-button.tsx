import { useCallback, useState } from 'react';
import { Button, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDeviceTablet, IconSignature } from '@tabler/icons-react';
import type { SignatureRecord } from '@odonto/domain/contracts/signatures';
import { DEFAULT_CONSENT_TEXT } from '@odonto/domain/signatures';
import { usePatientSignatures } from './api';
import { SignaturePadField } from './signature-pad';
import { SignedSnapshot } from './signed-snapshot';
import { StationWait } from './station-wait';
import { useSignatureCapture } from './use-signature-capture';

/**
 * The patient-level consent from the patient header: the consent text, signed on the pad here or on the
 * signature station; 'Acord semnat' once the patient has signed it.
 */
export function ConsentSignatureButton({
  patientId,
  patientName,
}: {
  patientId: string;
  patientName: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const signatures = usePatientSignatures(patientId);
  const consent = signatures.data?.find((record) => record.kind === 'consent') ?? null;
  const [justSigned, setJustSigned] = useState<SignatureRecord | null>(null);
  const latest = justSigned ?? consent;
  const handleSigned = useCallback((record: SignatureRecord) => setJustSigned(record), []);
  const capture = useSignatureCapture({ kind: 'consent', patientId }, handleSigned);

  return (
    <>
      <Button
        variant={latest ? 'light' : 'default'}
        color={latest ? 'green' : undefined}
        leftSection={<IconSignature size={16} />}
        onClick={() => setIsOpen(true)}
      >
        {latest ? 'Acord semnat' : 'Acord pacient'}
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title="Acordul pacientului" size="lg">
        <Stack gap="sm">
          <Text fw={600}>{patientName}</Text>
          {latest ? (
            <SignedSnapshot record={latest} />
          ) : (
            <>
              <ScrollArea.Autosize mah={160}>
                <Text size="sm">{DEFAULT_CONSENT_TEXT}</Text>
              </ScrollArea.Autosize>
              {capture.waitingStatus ? (
                <StationWait status={capture.waitingStatus} onCancel={() => void capture.cancelStation()} />
              ) : (
                <>
                  <SignaturePadField
                    onSave={(image) => void capture.signHere(image)}
                    isSaving={capture.isSaving}
                    saveLabel="Semnează acordul"
                  />
                  <Button
                    variant="light"
                    leftSection={<IconDeviceTablet size={16} />}
                    onClick={() => void capture.sendToStation()}
                    loading={capture.isSending}
                  >
                    Trimite la tabletă
                  </Button>
                </>
              )}
            </>
          )}
          {latest ? (
            <Button variant="default" onClick={() => setIsOpen(false)}>
              Închide
            </Button>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
