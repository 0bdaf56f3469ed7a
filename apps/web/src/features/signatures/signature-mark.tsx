import { useState, type MouseEvent } from 'react';
import { Badge, Button, Group, Modal } from '@mantine/core';
import { SIGNATURE_MESSAGES, type SignatureRecord } from '@odonto/domain/contracts/signatures';
import { SignedSnapshot } from './signed-snapshot';

/**
 * An entry's signature on the history screen: 'Semnat' while the entry still says what was signed;
 * otherwise a clear 'semnătura nu mai corespunde' with the signed snapshot one click away.
 */
export function SignatureMark({ signed }: { signed: SignatureRecord | null | undefined }) {
  const [isOpen, setIsOpen] = useState(false);
  if (!signed) return null;
  // The mark sits on a clickable history card: its own clicks must not open the treatment modal.
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Group gap={6} onClick={stop} onKeyDown={(event) => event.stopPropagation()}>
      {signed.matches ? (
        <Badge color="green" variant="outline" data-testid="history-signed">
          Semnat
        </Badge>
      ) : (
        <Badge color="red" variant="filled" data-testid="signature-mismatch">
          {SIGNATURE_MESSAGES.noLongerMatching}
        </Badge>
      )}
      <Button size="compact-xs" variant="subtle" onClick={() => setIsOpen(true)}>
        {signed.matches ? 'Vezi semnătura' : 'Vezi ce s-a semnat'}
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title="Ce a semnat pacientul" size="lg">
        <SignedSnapshot record={signed} />
      </Modal>
    </Group>
  );
}
