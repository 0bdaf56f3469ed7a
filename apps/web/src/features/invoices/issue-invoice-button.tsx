import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { InvoiceView } from './invoice-view';
import { IssueInvoiceModal } from './issue-invoice-modal';
import { invoiceTitle } from './invoice-sheet';

/**
 * "Emite factură" on the patient's account (published for the ledger's screen): picks the uninvoiced charges,
 * issues the invoice, then shows it with its e-Factura state. Hidden for a role that cannot issue.
 */
export function IssueInvoiceButton({ patientId }: { patientId: string }) {
  const { roles } = useCurrentUser().userCtx;
  const [isOpen, setIsOpen] = useState(false);
  const [issuedId, setIssuedId] = useState<string | null>(null);
  if (!can(roles, 'issue:invoice')) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconFileInvoice size={18} />} onClick={() => setIsOpen(true)}>
        Emite factură
      </Button>
      {isOpen ? (
        <IssueInvoiceModal
          patientId={patientId}
          onClose={() => setIsOpen(false)}
          onIssued={(invoice) => {
            setIsOpen(false);
            setIssuedId(invoice.id);
            notifications.show({ color: 'teal', message: `${invoiceTitle(invoice)} a fost emisă.` });
          }}
        />
      ) : null}
      {issuedId ? <InvoiceView id={issuedId} onClose={() => setIssuedId(null)} /> : null}
    </>
  );
}
