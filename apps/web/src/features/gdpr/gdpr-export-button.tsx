import { useState } from 'react';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { usePatientExport, type ExportProgress } from './api';

/** '1,5 MB': a size as the progress line shows it. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString('ro-RO', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

/**
 * The patient header's "Export date (GDPR)" (issue 16, right of access): one click downloads the patient's
 * data as a ZIP; while it arrives the button shows how much has been received. Admins and medics only.
 */
export function GdprExportButton({ patientId }: { patientId: string }) {
  const { userCtx } = useCurrentUser();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const exportData = usePatientExport(setProgress);
  if (!can(userCtx.roles, 'export:patient')) return null;

  const isRunning = exportData.isPending;
  return (
    <Stack gap={4} align="stretch">
      <Button
        variant="light"
        leftSection={<IconFileZip size={16} />}
        loading={isRunning}
        onClick={() => {
          setProgress(null);
          exportData.mutate(patientId);
        }}
      >
        Export date (GDPR)
      </Button>
      {isRunning ? (
        <>
          <Progress
            value={progress?.total ? (100 * progress.received) / progress.total : 100}
            animated={!progress?.total}
            size="sm"
            aria-label="Progresul exportului"
          />
          <Text size="xs" c="dimmed" role="status" data-testid="gdpr-export-progress">
            {formatMegabytes(progress?.received ?? 0)} descărcați
          </Text>
        </>
      ) : null}
      {exportData.isSuccess && !isRunning ? (
        <Text size="xs" c="teal" role="status" data-testid="gdpr-export-progress">
          Descărcat: {formatMegabytes(progress?.received ?? 0)}
        </Text>
      ) : null}
    </Stack>
  );
}
