import { useState } from 'react';
import {
  Badge,
  Box,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { SIGNATURE_MESSAGES, type StationRequest } from '@odonto/domain/contracts/signatures';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { SIGNED_ENTRY_FIELDS, SIGNED_FIELD_LABELS } from '@odonto/domain/signatures';
import { usePageTitle } from '../../ui/use-page-title';
import { useActivateSignature } from './api';
import { PlanSignedContent } from './plan-content';
import { SignaturePadField } from './signature-pad';
import { useStationRequest } from './station-api';

export const STATION_TITLE = 'Stație de semnătură';
export const STATION_WAITING = 'Așteptăm o cerere de semnătură…';
export const STATION_THANKS = 'Mulțumim! Semnătura a fost înregistrată.';

/** The heading above what is signed. */
const CONTENT_HEADINGS = {
  entry: 'Semnați pentru tratamentul:',
  consent: 'Acordul pacientului',
  plan: 'Acceptați planul de tratament:',
} as const;

/** What the patient is asked to sign, in large type. */
function SignedContentView({ request }: { request: StationRequest }) {
  const { content } = request;
  if (content.kind === 'plan') return <PlanSignedContent content={content} large />;
  if (content.kind === 'consent') {
    return (
      <Text fz="lg" style={{ whiteSpace: 'pre-wrap' }}>
        {content.text}
      </Text>
    );
  }
  return (
    <Table fz="lg" withTableBorder>
      <Table.Tbody>
        {SIGNED_ENTRY_FIELDS.filter((key) => content.fields[key]).map((key) => {
          const value = content.fields[key] ?? '';
          return (
            <Table.Tr key={key}>
              <Table.Th w={200}>{SIGNED_FIELD_LABELS[key]}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                {key === 'createdAt' ? formatTreatmentDate(value) : value}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The signature station (a tablet signed in at the front desk): full screen, it shows only the pending
 * request — the patient's name and what they sign — and a large signature pad.
 */
export function SignatureStationPage() {
  usePageTitle(STATION_TITLE);
  const station = useStationRequest();
  const activate = useActivateSignature();
  const [signedId, setSignedId] = useState<string | null>(null);
  const request = station.request && station.request.id !== signedId ? station.request : null;

  async function handleSave(image: string) {
    if (!request) return;
    try {
      await activate.mutateAsync({ kind: 'request', requestId: request.id, image });
      setSignedId(request.id);
    } catch {
      window.alert(SIGNATURE_MESSAGES.activationFailed);
    }
  }

  return (
    <Box mih="100vh" bg="gray.0" py="lg">
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={1} fz={28}>
              {STATION_TITLE}
            </Title>
            <Badge color={station.isLive ? 'green' : 'gray'} variant="dot" size="lg">
              {station.isLive ? 'conectat' : 'se conectează…'}
            </Badge>
          </Group>
          {request ? (
            <Paper withBorder radius="lg" p="xl" shadow="sm">
              <Stack gap="lg">
                <Stack gap={4}>
                  <Text c="dimmed" fz="lg">
                    Pacient
                  </Text>
                  <Title order={2} fz={32} data-testid="station-patient">
                    {request.patientName}
                  </Title>
                </Stack>
                <Stack gap="xs">
                  <Text fw={600} fz="xl">
                    {CONTENT_HEADINGS[request.content.kind]}
                  </Text>
                  <SignedContentView request={request} />
                </Stack>
                <SignaturePadField
                  key={request.id}
                  onSave={(image) => void handleSave(image)}
                  isSaving={activate.isPending}
                  saveLabel="Semnez"
                  height={320}
                  large
                />
              </Stack>
            </Paper>
          ) : (
            <Center mih="60vh">
              <Stack align="center" gap="md">
                {station.isLoading ? <Loader size="lg" /> : null}
                <Text fz={28} ta="center" data-testid="station-idle">
                  {signedId ? STATION_THANKS : STATION_WAITING}
                </Text>
              </Stack>
            </Center>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
