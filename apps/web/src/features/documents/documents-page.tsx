import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { PatientDocument } from '@odonto/domain/contracts/documents';
import type { Patient } from '@odonto/domain/contracts/patients';
import { DOCUMENT_KINDS, DOCUMENT_KIND_INFO, type DocumentKind } from '@odonto/domain/documents';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { isApiError } from '../../lib/http';
import { askConfirmation } from '../../ui/confirm-host';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { useDeleteDocument, useDocuments } from './api';
import { DocumentCard } from './document-card';
import { DocumentViewer } from './document-viewer';
import './document-modal';

export const DOCUMENTS_TITLE = 'Documente';
export const DELETE_QUESTION = 'Sunteți sigur că doriți să ștergeți acest document?';
const EMPTY: Readonly<Record<DocumentKind, string>> = {
  document: 'Niciun document.',
  import: 'Niciun fișier importat.',
  nota: 'Nicio notă.',
  radiografie: 'Nicio radiografie.',
};

/** What this screen reads of the patient layout's outlet context: the loaded patient. */
interface PatientOutlet {
  patient: Patient;
}

/** SPEC.md §2 docs screen: the patient's documents grouped by kind, each kind with its add modal. */
export function DocumentsPage() {
  usePageTitle(DOCUMENTS_TITLE);
  const { patient } = useOutletContext<PatientOutlet>();
  const patientId = patient._id;
  const documents = useDocuments(patientId);
  const remove = useDeleteDocument(patientId);
  const [viewing, setViewing] = useState<PatientDocument | null>(null);
  const canWrite = can(useCurrentUser().userCtx.roles, 'write:patient');

  function openAdd(kind: DocumentKind) {
    openModal(DOCUMENT_KIND_INFO[kind].modal, { patientId, kind, document: null });
  }

  function openEdit(document: PatientDocument) {
    openModal(DOCUMENT_KIND_INFO[document.kind].modal, { patientId, kind: document.kind, document });
  }

  async function handleDelete(document: PatientDocument) {
    if (!(await askConfirmation(DELETE_QUESTION))) return;
    remove.mutate(
      { id: document.id, version: document.version },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: `„${document.label}” a fost șters.` }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isApiError(error) ? error.message : 'Eroare server.',
          }),
      },
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{DOCUMENTS_TITLE}</Title>
      {documents.isPending ? <Loader aria-label="Se încarcă documentele" /> : null}
      {documents.isError ? (
        <Alert color="red" role="alert">
          {isApiError(documents.error) ? documents.error.message : 'Eroare server.'}
        </Alert>
      ) : null}
      {documents.data
        ? DOCUMENT_KINDS.map((kind) => {
            const info = DOCUMENT_KIND_INFO[kind];
            const list = documents.data[kind];
            return (
              <section key={kind} aria-labelledby={`documents-${kind}`} data-testid={`documents-${kind}`}>
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h3" id={`documents-${kind}`}>
                    {info.title} ({list.length})
                  </Title>
                  {canWrite ? (
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} />}
                      onClick={() => openAdd(kind)}
                    >
                      {info.addLabel}
                    </Button>
                  ) : null}
                </Group>
                {list.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {EMPTY[kind]}
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
                    {list.map((document) => (
                      <DocumentCard
                        key={document.id}
                        patientId={patientId}
                        document={document}
                        canWrite={canWrite}
                        onView={setViewing}
                        onEdit={openEdit}
                        onDelete={(doc) => void handleDelete(doc)}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </section>
            );
          })
        : null}
      <DocumentViewer patientId={patientId} document={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
