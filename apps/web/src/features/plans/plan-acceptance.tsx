import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Group, Image, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { formatAuditTime } from '@odonto/domain/contracts/audit';
import { planAcceptanceContent, type Plan } from '@odonto/domain/contracts/plans';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { alternativeName, type AlternativeLabel } from '@odonto/domain/plans';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { signatureImagePath } from '../signatures/api';
import { PlanSignedContent } from '../signatures/plan-content';
import { SignatureCapture } from '../signatures/signature-capture';
import { planSignatureTarget, useRefreshAfterAcceptance } from './acceptance-api';

/** The screen's and the print's sentence when the plan changed after the patient signed. */
export function signedVersionWarning(revision: number): string {
  return `Semnătura se referă la versiunea ${revision} a planului; planul a fost modificat după semnare.`;
}

/** The modal where the patient signs one alternative as it stands: its summary, then the two ways. */
function AcceptModal({ plan, label, onClose }: { plan: Plan; label: AlternativeLabel; onClose: () => void }) {
  const refresh = useRefreshAfterAcceptance();
  const content = planAcceptanceContent(plan, label);
  const handleSigned = useCallback(() => {
    void refresh();
    onClose();
  }, [refresh, onClose]);
  return (
    <Modal opened onClose={onClose} title={`Acceptă varianta ${label}`} size="xl">
      <Stack gap="md">
        <Text size="sm">Pacientul acceptă prin semnătură varianta de mai jos, așa cum este acum:</Text>
        {content ? <PlanSignedContent content={content} /> : null}
        <SignatureCapture
          target={planSignatureTarget(plan, label)}
          onSigned={handleSigned}
          saveLabel="Semnează și acceptă"
        />
      </Stack>
    </Modal>
  );
}

/** Which alternative was accepted, who collected the signature and when, and the signature itself. */
function AcceptedView({ plan, onSignAgain }: { plan: Plan; onSignAgain: (() => void) | null }) {
  const { acceptance } = plan;
  if (!acceptance) return null;
  return (
    <Stack gap="xs" data-testid="plan-accepted">
      <Group gap="xs">
        <Badge color="green" variant="light" size="lg">
          {alternativeName(acceptance.alternative)} acceptată
        </Badge>
      </Group>
      <Text size="sm">
        Semnat la {formatAuditTime(acceptance.signedAt)}
        {acceptance.via === 'station' ? ' pe stația de semnare' : ''}, în prezența: {acceptance.signedBy}.
      </Text>
      <Image
        src={signatureImagePath(plan.patientId, acceptance.image)}
        alt="Semnătura pacientului"
        h={100}
        w="auto"
        fit="contain"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
      />
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        Amprentă SHA-256: {acceptance.sha256}
      </Text>
      {acceptance.matches ? null : (
        <Alert color="red" variant="light" data-testid="plan-signature-mismatch">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{signedVersionWarning(acceptance.revision)}</Text>
            {onSignAgain ? (
              <Button size="xs" leftSection={<IconSignature size={14} />} onClick={onSignAgain}>
                Semnează versiunea {plan.revision}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The plan's acceptance (issue 12): while proposed, one "Acceptă varianta X" per alternative for whoever
 * may start a signature (medic, asistent, admins); once accepted, the signature and whether it still
 * covers the plan as it stands.
 */
export function PlanAcceptance({ plan }: { plan: Plan }) {
  const { userCtx } = useCurrentUser();
  const [signing, setSigning] = useState<AlternativeLabel | null>(null);
  const close = useCallback(() => setSigning(null), []);
  if (!can(userCtx.roles, 'read:plan')) return null;
  const canSign = can(userCtx.roles, 'request:plan-signature');
  const isOpen = plan.status === 'acceptat' || plan.status === 'în lucru';
  const accepted = plan.acceptance;

  return (
    <Paper withBorder radius="md" p="md" data-testid="plan-acceptance">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Acceptarea planului
        </Title>
        {accepted ? (
          <AcceptedView
            plan={plan}
            onSignAgain={canSign && isOpen ? () => setSigning(accepted.alternative) : null}
          />
        ) : null}
        {plan.status === 'propus' && !accepted ? (
          <>
            <Text size="sm">
              Pacientul acceptă una dintre variante prin semnătură, până la{' '}
              {formatTreatmentDate(plan.validUntil)}.
            </Text>
            {canSign ? (
              <Group gap="xs">
                {plan.alternatives.map((alternative) => (
                  <Button
                    key={alternative.label}
                    leftSection={<IconSignature size={16} />}
                    variant="light"
                    onClick={() => setSigning(alternative.label)}
                  >
                    Acceptă varianta {alternative.label}
                  </Button>
                ))}
              </Group>
            ) : null}
          </>
        ) : null}
        {plan.status === 'expirat' ? (
          <Text size="sm" c="dimmed">
            Oferta a expirat la {formatTreatmentDate(plan.validUntil)}; nu mai poate fi acceptată.
          </Text>
        ) : null}
        {plan.status === 'respins' ? (
          <Text size="sm" c="dimmed">
            Planul a fost respins{plan.rejectedReason ? `: ${plan.rejectedReason}` : '.'}
          </Text>
        ) : null}
      </Stack>
      {signing ? <AcceptModal plan={plan} label={signing} onClose={close} /> : null}
    </Paper>
  );
}
