import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  INVOICE_MESSAGES,
  invoiceBuyerInput,
  type Invoice,
  type PatientInvoicesResponse,
} from '@odonto/domain/contracts/invoices';
import { formatLei } from '@odonto/domain/money';
import { COUNTIES } from '@odonto/domain/places';
import { groupFieldRef, showServerFieldErrors } from '../../lib/form';
import { isApiError } from '../../lib/http';
import { FormErrorSummary } from '../../ui/form-errors';
import { useIssueInvoice, usePatientInvoices } from './api';
import { formatCalendarDay } from '@odonto/domain/dates';

const issueForm = z.object({
  buyer: invoiceBuyerInput,
  chargeIds: z.array(z.string()).min(1, INVOICE_MESSAGES.noCharges),
});
type IssueFormInput = z.input<typeof issueForm>;
type IssueFormData = z.output<typeof issueForm>;

const COUNTY_OPTIONS = COUNTIES.map((county) => ({ value: county.auto, label: county.nume }));

function defaults(data: PatientInvoicesResponse): IssueFormInput {
  return {
    buyer: {
      kind: 'person',
      name: data.buyer.name,
      cnp: '',
      address: { street: '', city: data.buyer.city, countyCode: data.buyer.countyCode },
    },
    chargeIds: data.invoiceableCharges.map((charge) => charge.id),
  };
}

function IssueForm({
  patientId,
  data,
  onIssued,
  onClose,
}: {
  patientId: string;
  data: PatientInvoicesResponse;
  onIssued: (invoice: Invoice) => void;
  onClose: () => void;
}) {
  const issue = useIssueInvoice();
  const form = useForm<IssueFormInput, unknown, IssueFormData>({
    resolver: zodResolver(issueForm),
    defaultValues: defaults(data),
  });
  const kind = useWatch({ control: form.control, name: 'buyer.kind' });
  const chargeIds = useWatch({ control: form.control, name: 'chargeIds' });
  const total = data.invoiceableCharges
    .filter((charge) => chargeIds.includes(charge.id))
    .reduce((sum, charge) => sum + charge.amountBani, 0);

  function handleKind(value: string) {
    const current = form.getValues('buyer');
    const common = { name: value === 'company' ? '' : data.buyer.name, address: current.address };
    form.setValue(
      'buyer',
      value === 'company'
        ? { kind: 'company', cui: '', regCom: '', ...common }
        : { kind: 'person', cnp: '', ...common },
    );
  }

  function handleSubmit(values: IssueFormData) {
    issue.mutate(
      { patientId, ...values },
      {
        onSuccess: onIssued,
        onError: (error) => showServerFieldErrors(form, error),
      },
    );
  }

  const text = (name: Path<IssueFormInput>, label: string, required = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          ref={field.ref}
          label={label}
          required={required}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  if (data.invoiceableCharges.length === 0) {
    return <Text>Pacientul nu are taxe nefacturate.</Text>;
  }

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      noValidate
      aria-label="Emite factura"
    >
      <Stack gap="sm">
        <FormErrorSummary
          form={form}
          labels={{
            chargeIds: 'Servicii facturate',
            'buyer.name': kind === 'company' ? 'Denumirea firmei' : 'Nume și prenume',
            'buyer.cui': 'CUI',
            'buyer.cnp': 'CNP',
            'buyer.regCom': 'Nr. Reg. Com.',
            'buyer.address.street': 'Strada și numărul',
            'buyer.address.city': 'Localitatea (București: sectorul)',
            'buyer.address.countyCode': 'Județul',
          }}
        />
        <Controller
          control={form.control}
          name="chargeIds"
          render={({ field }) => (
            // The checkboxes are one field: a submit with none ticked focuses the first and shows the table.
            <div ref={groupFieldRef(field.ref)}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th>Data</Table.Th>
                    <Table.Th>Serviciu</Table.Th>
                    <Table.Th ta="right">Suma</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.invoiceableCharges.map((charge) => (
                    <Table.Tr key={charge.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Facturează ${charge.description}`}
                          checked={chargeIds.includes(charge.id)}
                          onChange={(event) =>
                            form.setValue(
                              'chargeIds',
                              event.currentTarget.checked
                                ? [...chargeIds, charge.id]
                                : chargeIds.filter((id) => id !== charge.id),
                              { shouldValidate: true },
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>{formatCalendarDay(charge.day)}</Table.Td>
                      <Table.Td>
                        {charge.description}
                        {charge.teeth.length > 0 ? ` (${charge.teeth.join(', ')})` : ''}
                      </Table.Td>
                      <Table.Td ta="right">{formatLei(charge.amountBani)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {form.formState.errors.chargeIds ? (
                <Text c="red" size="sm">
                  {form.formState.errors.chargeIds.message}
                </Text>
              ) : null}
            </div>
          )}
        />
        <Text fw={600} ta="right">
          Total: {formatLei(total)}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={handleKind}
          data={[
            { value: 'person', label: 'Persoană fizică' },
            { value: 'company', label: 'Persoană juridică' },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('buyer.name', kind === 'company' ? 'Denumirea firmei' : 'Nume și prenume', true)}
          {kind === 'company' ? text('buyer.cui', 'CUI', true) : text('buyer.cnp', 'CNP (opțional)')}
          {kind === 'company' ? text('buyer.regCom', 'Nr. Reg. Com. (opțional)') : null}
          {text('buyer.address.street', 'Strada și numărul', true)}
          {text('buyer.address.city', 'Localitatea (București: sectorul)', true)}
          <Controller
            control={form.control}
            name="buyer.address.countyCode"
            render={({ field, fieldState }) => (
              <Select
                ref={field.ref}
                label="Județul"
                required
                searchable
                data={COUNTY_OPTIONS}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        {issue.isError && !isApiError(issue.error, 400) ? (
          <Alert color="red">{issue.error.message}</Alert>
        ) : null}
        {issue.isError && isApiError(issue.error, 400) && Object.keys(issue.error.fields).length === 0 ? (
          <Alert color="red">{issue.error.message}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Renunță
          </Button>
          <Button type="submit" loading={issue.isPending}>
            Emite factura
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Issues an invoice for the patient's uninvoiced charges: pick them, say who the buyer is. */
export function IssueInvoiceModal({
  patientId,
  onIssued,
  onClose,
}: {
  patientId: string;
  onIssued: (invoice: Invoice) => void;
  onClose: () => void;
}) {
  const data = usePatientInvoices(patientId);
  return (
    <Modal opened onClose={onClose} size="lg" title="Emite factură">
      {data.data ? (
        <IssueForm patientId={patientId} data={data.data} onIssued={onIssued} onClose={onClose} />
      ) : data.isError ? (
        <Alert color="red">{data.error.message}</Alert>
      ) : (
        <Skeleton h={200} />
      )}
    </Modal>
  );
}
