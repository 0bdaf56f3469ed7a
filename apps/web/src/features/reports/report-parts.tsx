import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatLei } from '@odonto/domain/money';
import { REPORT_FORMATS } from '@odonto/domain/reports';
import { reportUrl } from './api';

/** 'Export CSV' and 'Export XLSX': the report with the screen's filters, as a download. */
export function ExportButtons({ report, params }: { report: string; params: Record<string, string> }) {
  return (
    <Group gap="xs">
      {REPORT_FORMATS.map((format) => (
        <Button
          key={format}
          component="a"
          href={reportUrl(report, params, format)}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

/** One figure of a report's summary: a label and an amount in lei. */
export function Figure({ label, bani, children }: { label: string; bani: number; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {formatLei(bani)}
      </Text>
      {children}
    </Paper>
  );
}

/** The answer's error, or a quiet line while the first answer loads. */
export function ReportState({ error, isLoading }: { error: Error | null; isLoading: boolean }) {
  if (error) return <Text c="red">{error.message}</Text>;
  if (isLoading) return <Text c="dimmed">Se încarcă raportul…</Text>;
  return null;
}

/** 'YYYY-MM' of the clinic's current month from a 'YYYY-MM-DD' day. */
export function monthOfDay(day: string): string {
  return day.slice(0, 7);
}
