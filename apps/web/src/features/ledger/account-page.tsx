import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCash, IconPlus, IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import {
  balanceLabel,
  type AccountResponse,
  type Charge,
  type Payment,
} from '@odonto/domain/contracts/ledger';
import type { Patient } from '@odonto/domain/contracts/patients';
import { PAYMENT_METHOD_LABELS } from '@odonto/domain/ledger';
import { formatLei } from '@odonto/domain/money';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../ui/use-page-title';
import { IssueInvoiceButton } from '../invoices/issue-invoice-button';
import { printSheet } from '../print/print-store';
import { useAccount, useReceipt, useReverseCharge, useReversePayment } from './api';
import { ChargeModal } from './charge-modal';
import { PaymentModal } from './payment-modal';
import { ReasonModal } from './reason-modal';
import { ReceiptSheet } from './receipt-sheet';
import { RefundModal } from './refund-modal';
import { formatCalendarDay } from '@odonto/domain/dates';

export const ACCOUNT_TITLE = 'Cont';

interface PatientOutlet {
  patient: Patient;
}

type Row = { kind: 'charge'; row: Charge } | { kind: 'payment'; row: Payment };

/** Charges and payments in the account's order (the server's running balance follows it). */
export function accountRows(account: AccountResponse): Row[] {
  const rows: Row[] = [
    ...account.charges.map((row) => ({ kind: 'charge' as const, row })),
    ...account.payments.map((row) => ({ kind: 'payment' as const, row })),
  ];
  return rows.sort(
    (a, b) =>
      a.row.createdAt.localeCompare(b.row.createdAt) ||
      (a.kind === b.kind ? 0 : a.kind === 'charge' ? -1 : 1) ||
      a.row.id.localeCompare(b.row.id),
  );
}

/** What a row says: the work, or the payment with its method, receipt and reason. */
export function rowText(item: Row): string {
  if (item.kind === 'charge') {
    const { row } = item;
    const teeth = row.teeth.length > 0 ? ` (dinți ${row.teeth.join(', ')})` : '';
    const quantity = row.quantity > 1 ? ` × ${row.quantity}` : '';
    return row.reversesId
      ? `Storno taxă: ${row.description} — ${row.reason ?? ''}`
      : `${row.description}${teeth}${quantity}`;
  }
  const { row } = item;
  const method = PAYMENT_METHOD_LABELS[row.method];
  if (row.reversesId) return `Storno plată ${method} — ${row.reason ?? ''}`;
  if (row.amountBani < 0) return `Rambursare ${method} — ${row.reason ?? ''}`;
  const receipt =
    row.receiptNumber !== null ? ` · chitanța ${row.receiptSeries ?? ''} ${row.receiptNumber}` : '';
  return `Plată ${method}${row.isAdvance ? ' (avans)' : ''}${receipt}${row.note ? ` · ${row.note}` : ''}`;
}

type Reversing = { kind: 'charge'; row: Charge } | { kind: 'payment'; row: Payment } | null;

/** /pacienti/cont/{id}: the patient's account (issue 13). Doctors read it; reception takes payments. */
export function AccountPage() {
  usePageTitle(ACCOUNT_TITLE);
  const { patient } = useOutletContext<PatientOutlet>();
  const patientId = patient._id;
  const account = useAccount(patientId);
  const canWrite = can(useCurrentUser().userCtx.roles, 'write:payments');
  const [modal, setModal] = useState<'payment' | 'charge' | 'refund' | null>(null);
  const [reversing, setReversing] = useState<Reversing>(null);
  const reversePayment = useReversePayment(patientId);
  const reverseCharge = useReverseCharge(patientId);
  const receipt = useReceipt(patientId);

  function handlePrint(paymentId: string) {
    receipt.mutate(paymentId, {
      onSuccess: (data) => printSheet('receipt', <ReceiptSheet receipt={data} />),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  function handleReverse(reason: string) {
    if (!reversing) return;
    const done = {
      onSuccess: () => {
        setReversing(null);
        notifications.show({ color: 'teal', message: 'Înregistrarea a fost stornată.' });
      },
    };
    if (reversing.kind === 'payment') reversePayment.mutate({ paymentId: reversing.row.id, reason }, done);
    else reverseCharge.mutate({ chargeId: reversing.row.id, reason }, done);
  }

  if (account.isError) return <Alert color="red">Contul pacientului nu a putut fi încărcat.</Alert>;
  if (!account.data) return <Loader aria-label="Se încarcă contul" />;
  const data = account.data;
  const open = data.charges.filter((charge) => charge.openBani > 0);
  const reverseError =
    (reversing?.kind === 'payment' ? reversePayment.error : reverseCharge.error)?.message ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{ACCOUNT_TITLE}</Title>
        {canWrite ? (
          <Group gap="xs">
            <Button leftSection={<IconCash size={16} />} onClick={() => setModal('payment')}>
              Încasare
            </Button>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setModal('charge')}>
              Taxă nouă
            </Button>
            {data.advanceBani > 0 ? (
              <Button
                variant="light"
                leftSection={<IconReceiptRefund size={16} />}
                onClick={() => setModal('refund')}
              >
                Rambursare
              </Button>
            ) : null}
            <IssueInvoiceButton patientId={patientId} />
          </Group>
        ) : null}
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Group gap="lg">
          <Text fw={700} data-testid="account-balance">
            {balanceLabel(data.balance, formatLei)}
          </Text>
          {data.advanceBani > 0 ? (
            <Text c="dimmed">Avans nealocat: {formatLei(data.advanceBani)}</Text>
          ) : null}
        </Group>
      </Paper>
      {data.charges.length + data.payments.length === 0 ? (
        <Text c="dimmed">Nicio taxă și nicio plată.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="Contul pacientului">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Descriere</Table.Th>
                <Table.Th ta="right">Taxă</Table.Th>
                <Table.Th ta="right">Plată</Table.Th>
                <Table.Th ta="right">Sold</Table.Th>
                {canWrite ? <Table.Th aria-label="Acțiuni" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accountRows(data).map((item) => {
                const { row } = item;
                const isReversed = row.reversedById !== null;
                const canReverse = canWrite && !row.reversesId && !isReversed && row.amountBani > 0;
                return (
                  <Table.Tr key={`${item.kind}-${row.id}`}>
                    <Table.Td>{formatCalendarDay(row.day)}</Table.Td>
                    <Table.Td>
                      {rowText(item)}
                      {isReversed ? (
                        <Badge ml="xs" color="gray" variant="light">
                          stornat
                        </Badge>
                      ) : null}
                      {item.kind === 'charge' && item.row.openBani > 0 && !isReversed ? (
                        <Text size="xs" c="dimmed">
                          Rest de plată: {formatLei(item.row.openBani)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{item.kind === 'charge' ? formatLei(row.amountBani) : ''}</Table.Td>
                    <Table.Td ta="right">{item.kind === 'payment' ? formatLei(row.amountBani) : ''}</Table.Td>
                    <Table.Td ta="right">{formatLei(row.runningBalanceBani)}</Table.Td>
                    {canWrite ? (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {item.kind === 'payment' && item.row.receiptNumber !== null ? (
                            <Button
                              size="xs"
                              variant="subtle"
                              leftSection={<IconPrinter size={14} />}
                              loading={receipt.isPending && receipt.variables === row.id}
                              onClick={() => handlePrint(row.id)}
                            >
                              Chitanță
                            </Button>
                          ) : null}
                          {canReverse ? (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              leftSection={<IconArrowBackUp size={14} />}
                              onClick={() => setReversing(item)}
                            >
                              Stornează
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {modal === 'payment' ? (
        <PaymentModal
          patientId={patientId}
          opened
          openCharges={open}
          onClose={() => setModal(null)}
          onPaid={(answer) => {
            setModal(null);
            const paid = answer.account.payments.find((payment) => payment.id === answer.paymentId);
            const receiptText =
              paid?.receiptNumber != null
                ? ` Chitanța ${paid.receiptSeries ?? ''} ${paid.receiptNumber}.`
                : '';
            notifications.show({ color: 'teal', message: `Plata a fost înregistrată.${receiptText}` });
          }}
        />
      ) : null}
      {modal === 'charge' ? <ChargeModal patientId={patientId} onClose={() => setModal(null)} /> : null}
      {modal === 'refund' ? (
        <RefundModal
          patientId={patientId}
          advanceBani={data.advanceBani}
          onClose={() => setModal(null)}
          onDone={() => setModal(null)}
        />
      ) : null}
      {reversing ? (
        <ReasonModal
          title={reversing.kind === 'payment' ? 'Stornare plată' : 'Stornare taxă'}
          subject={`${rowText(reversing)} · ${formatLei(reversing.row.amountBani)} · ${formatCalendarDay(reversing.row.day)}`}
          question="Sunteți sigur că doriți să stornați această înregistrare?"
          isPending={reversePayment.isPending || reverseCharge.isPending}
          error={reverseError}
          onClose={() => setReversing(null)}
          onConfirm={handleReverse}
        />
      ) : null}
    </Stack>
  );
}
