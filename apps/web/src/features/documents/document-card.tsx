import { ActionIcon, Group, Image, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconFileTypePdf, IconNote, IconPencil, IconTrash } from '@tabler/icons-react';
import {
  documentFilePath,
  documentThumbPath,
  type PatientDocument,
} from '@odonto/domain/contracts/documents';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { viewKind } from './document-viewer';

interface DocumentCardProps {
  patientId: string;
  document: PatientDocument;
  canWrite: boolean;
  onView: (document: PatientDocument) => void;
  onEdit: (document: PatientDocument) => void;
  onDelete: (document: PatientDocument) => void;
}

function Preview({ patientId, document }: { patientId: string; document: PatientDocument }) {
  const kind = viewKind(document);
  if (kind === 'image' && document.file?.hasThumb) {
    return (
      <Image
        src={documentThumbPath(patientId, document.id)}
        alt={`Miniatură ${document.label}`}
        w={72}
        h={72}
        fit="cover"
        radius="sm"
      />
    );
  }
  return (
    <ThemeIcon size={72} variant="light" radius="sm" color={kind === 'pdf' ? 'red' : 'gray'} aria-hidden>
      {kind === 'pdf' ? <IconFileTypePdf size={36} stroke={1.5} /> : <IconNote size={36} stroke={1.5} />}
    </ThemeIcon>
  );
}

/** One document in its kind's list: thumbnail, label, date, and what the user may do with it. */
export function DocumentCard({ patientId, document, canWrite, onView, onEdit, onDelete }: DocumentCardProps) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid="document" aria-label={document.label}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <button
          type="button"
          onClick={() => onView(document)}
          aria-label={`Deschide ${document.label}`}
          style={{ all: 'unset', cursor: 'pointer' }}
        >
          <Preview patientId={patientId} document={document} />
        </button>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate="end" data-testid="document-label">
            {document.label}
          </Text>
          <Text size="sm" c="dimmed" data-testid="document-date">
            {formatTreatmentDate(document.date)}
          </Text>
          {document.file ? (
            <Text size="xs" c="dimmed" truncate="end">
              {document.file.name}
            </Text>
          ) : (
            <Text size="sm" lineClamp={2} data-testid="document-text">
              {document.text}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Vezi">
            <ActionIcon
              variant="subtle"
              aria-label={`Vezi ${document.label}`}
              onClick={() => onView(document)}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          {document.file ? (
            <Tooltip label="Descarcă">
              <ActionIcon
                component="a"
                variant="subtle"
                href={documentFilePath(patientId, document.id, true)}
                download={document.file.name}
                aria-label={`Descarcă ${document.label}`}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canWrite ? (
            <>
              <Tooltip label="Modifică">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Modifică ${document.label}`}
                  onClick={() => onEdit(document)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Șterge">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Șterge ${document.label}`}
                  onClick={() => onDelete(document)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
