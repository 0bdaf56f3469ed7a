import { Badge, Image, Stack, Table, Text } from '@mantine/core';
import type { SignatureRecord } from '@odonto/domain/contracts/signatures';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { formatAuditTime } from '@odonto/domain/contracts/audit';
import { SIGNED_ENTRY_FIELDS, SIGNED_FIELD_LABELS } from '@odonto/domain/signatures';
import { signatureImagePath } from './api';
import { PlanSignedContent } from './plan-content';

/** What a signature covers, as signed: the fields (those changed since marked), the image, who and when. */
export function SignedSnapshot({ record }: { record: SignatureRecord }) {
  const { snapshot } = record;
  return (
    <Stack gap="sm" data-testid="signed-snapshot">
      <Text size="sm">
        Semnat la {formatAuditTime(record.signedAt)}
        {record.via === 'station' ? ' pe tabletă' : ''}, în prezența: {record.signedBy}.
      </Text>
      {snapshot.kind === 'entry' ? (
        <Table withTableBorder withColumnBorders>
          <Table.Tbody>
            {SIGNED_ENTRY_FIELDS.map((key) => {
              const value = snapshot.fields[key];
              const text = key === 'createdAt' && value ? formatTreatmentDate(value) : (value ?? '—');
              return (
                <Table.Tr key={key}>
                  <Table.Th w={160}>{SIGNED_FIELD_LABELS[key]}</Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                    {text || '—'}{' '}
                    {record.changed.includes(key) ? (
                      <Badge color="red" variant="light" size="xs">
                        modificat după semnare
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : snapshot.kind === 'plan' ? (
        <PlanSignedContent content={snapshot} />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {snapshot.text}
        </Text>
      )}
      <Image
        src={signatureImagePath(record.patientId, record.image)}
        alt="Semnătura pacientului"
        h={120}
        w="auto"
        fit="contain"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
      />
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        Amprentă SHA-256: {record.sha256}
      </Text>
    </Stack>
  );
}
