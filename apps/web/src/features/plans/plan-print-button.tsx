import { Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { Plan } from '@odonto/domain/contracts/plans';
import { printSheet } from '../print/print-store';
import { useClinic } from '../settings/api';
import { useVatSettings } from '../price-list/api';
import { useRecordPlanPrint } from './api';
import { PlanSheet } from './plan-sheet';

/**
 * "Tipărește": the print is recorded on the server first (audit), then the sheet goes to the print-only
 * area with the recorded time on every page (the patient file's architecture).
 */
export function PlanPrintButton({ patient, plan }: { patient: Patient; plan: Plan }) {
  const clinic = useClinic();
  const vat = useVatSettings();
  const recordPrint = useRecordPlanPrint();
  const failed = [clinic, vat].find((query) => query.isError);
  const isReady = clinic.data !== undefined && vat.data !== undefined;

  function handlePrint() {
    if (!clinic.data || !vat.data) return;
    const data = { clinic: clinic.data, vat: vat.data };
    recordPrint.mutate(plan.id, {
      onSuccess: ({ printedAt }) =>
        printSheet(
          'treatment-plan',
          <PlanSheet plan={plan} patient={patient} printedAt={printedAt} {...data} />,
        ),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  const button = (
    <Button
      variant="light"
      leftSection={<IconPrinter size={18} />}
      onClick={handlePrint}
      disabled={!isReady}
      loading={recordPrint.isPending}
    >
      Tipărește planul
    </Button>
  );
  return failed?.error ? (
    <Tooltip label={`Planul nu poate fi tipărit: ${failed.error.message}`}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
