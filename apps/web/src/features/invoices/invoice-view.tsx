import { Alert, Button, Group, Modal, Skeleton, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileTypePdf, IconMail, IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { printSheet } from '../print/print-store';
import { useClinic } from '../settings/api';
import { invoiceFileUrl, useEmailInvoice, useInvoice, useStornoInvoice } from './api';
import { EfacturaState } from './efactura-state';
import { InvoiceContent, InvoiceSheet, invoiceTitle } from './invoice-sheet';
import { ResolveSubmission } from './resolve-submission';
import { StornoModal } from './storno-modal';
import { formatCalendarDay } from '@odonto/domain/dates';

/** One invoice or credit note: its content, e-Factura state, print, files, e-mail and storno (admin). */
export function InvoiceView({ id, onClose }: { id: string; onClose: () => void }) {
  const invoice = useInvoice(id);
  const clinic = useClinic();
  const { roles } = useCurrentUser().userCtx;
  const storno = useStornoInvoice();
  const email = useEmailInvoice();
  const [isStornoOpen, setIsStornoOpen] = useState(false);
  const [to, setTo] = useState('');
  const data = invoice.data;

  function handlePrint() {
    if (!data || !clinic.data) return;
    printSheet(
      'invoice',
      <InvoiceSheet invoice={data} clinic={clinic.data} printedAt={new Date().toISOString()} />,
    );
  }

  function handleEmail() {
    email.mutate(
      { id, to },
      {
        onSuccess: (answer) =>
          notifications.show({
            color: answer.status === 'sent' ? 'teal' : 'orange',
            message:
              answer.status === 'sent'
                ? `Factura a fost trimisă la ${answer.to}.`
                : 'E-mailul nu a putut fi trimis; a rămas în coada de trimitere.',
          }),
      },
    );
  }

  function handleStorno(reason: string) {
    storno.mutate(
      { id, reason },
      {
        onSuccess: (credit) => {
          setIsStornoOpen(false);
          notifications.show({
            color: 'teal',
            message: `A fost emisă ${invoiceTitle(credit).toLowerCase()}.`,
          });
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} size="xl" title={data ? invoiceTitle(data) : 'Factură'}>
      {data ? (
        <Stack gap="md">
          <EfacturaState submission={data.efactura} />
          {data.efactura &&
          (data.efactura.state === 'check' || data.efactura.state === 'failed') &&
          can(roles, 'manage:efactura') ? (
            <ResolveSubmission key={data.efactura.version} submission={data.efactura} />
          ) : null}
          <InvoiceContent invoice={data} />
          {data.reversedBy ? (
            <Alert color="orange" variant="light">
              Stornată prin {data.reversedBy.fullNumber} din {formatCalendarDay(data.reversedBy.issueDate)}.
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button leftSection={<IconPrinter size={16} />} onClick={handlePrint} disabled={!clinic.data}>
              Tipărește
            </Button>
            <Button
              component="a"
              href={invoiceFileUrl.pdf(id)}
              variant="light"
              leftSection={<IconFileTypePdf size={16} />}
            >
              PDF
            </Button>
            <Button
              component="a"
              href={invoiceFileUrl.xml(id)}
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              XML
            </Button>
            {data.efactura?.hasAnswer ? (
              <Button
                component="a"
                href={invoiceFileUrl.answer(id)}
                variant="light"
                leftSection={<IconDownload size={16} />}
              >
                Răspuns ANAF
              </Button>
            ) : null}
            {can(roles, 'storno:invoice') && data.kind === 'invoice' && !data.reversedBy ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconReceiptRefund size={16} />}
                onClick={() => setIsStornoOpen(true)}
              >
                Stornează
              </Button>
            ) : null}
          </Group>
          {can(roles, 'issue:invoice') ? (
            <Group align="flex-end" gap="xs">
              <TextInput
                label="Trimite PDF-ul pe e-mail"
                placeholder="adresa@exemplu.ro"
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
                error={email.error?.message}
                style={{ flex: 1 }}
              />
              <Button leftSection={<IconMail size={16} />} onClick={handleEmail} loading={email.isPending}>
                Trimite
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : invoice.isError ? (
        <Alert color="red">{invoice.error.message}</Alert>
      ) : (
        <Skeleton h={300} />
      )}
      {isStornoOpen && data ? (
        <StornoModal
          subject={`${invoiceTitle(data)} din ${formatCalendarDay(data.issueDate)}`}
          isPending={storno.isPending}
          error={storno.error?.message ?? null}
          onClose={() => setIsStornoOpen(false)}
          onConfirm={handleStorno}
        />
      ) : null}
    </Modal>
  );
}
