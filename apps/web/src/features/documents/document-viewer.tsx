import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { documentFilePath, type PatientDocument } from '@odonto/domain/contracts/documents';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { formatOfExtension, isImageFormat } from '@odonto/domain/documents';
import { ZoomableImage } from './zoomable-image';

/** How a document is shown: a picture to zoom, a PDF in the page, or a note's text. */
export function viewKind(document: PatientDocument): 'image' | 'pdf' | 'text' {
  if (!document.file) return 'text';
  return isImageFormat(formatOfExtension(document.file.extension)) ? 'image' : 'pdf';
}

interface DocumentViewerProps {
  patientId: string;
  document: PatientDocument | null;
  onClose: () => void;
}

/** Views a document in the page: zoom and pan for pictures, the browser's PDF viewer, a note's text. */
export function DocumentViewer({ patientId, document, onClose }: DocumentViewerProps) {
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={document ? `${document.label} — ${formatTreatmentDate(document.date)}` : ''}
      size="90%"
      closeButtonProps={{ 'aria-label': 'Închide' }}
    >
      {document ? <ViewerBody patientId={patientId} document={document} /> : null}
    </Modal>
  );
}

function ViewerBody({ patientId, document }: { patientId: string; document: PatientDocument }) {
  const kind = viewKind(document);
  const src = documentFilePath(patientId, document.id);
  return (
    <Stack gap="sm" data-testid="document-viewer" data-view={kind}>
      {kind === 'image' ? <ZoomableImage src={src} alt={document.label} /> : null}
      {kind === 'pdf' ? (
        <iframe
          src={src}
          title={document.label}
          style={{ width: '100%', height: '75vh', border: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ) : null}
      {kind === 'text' ? (
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="note-text">
          {document.text}
        </Text>
      ) : null}
      {document.file ? (
        <Group justify="flex-end">
          <Button
            component="a"
            href={documentFilePath(patientId, document.id, true)}
            download={document.file.name}
            variant="light"
            leftSection={<IconDownload size={16} />}
          >
            Descarcă {document.file.name}
          </Button>
          {kind === 'pdf' ? (
            <Anchor href={src} target="_blank" rel="noopener" size="sm">
              Deschide într-o filă nouă
            </Anchor>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
