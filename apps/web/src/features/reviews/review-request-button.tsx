import { Badge, Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconMessage, IconStar } from '@tabler/icons-react';
import type { Patient } from '@odonto/domain/contracts/patients';
import { CHANNEL_LABELS, type ReviewRequest } from '@odonto/domain/contracts/reviews';
import type { ReviewChannel } from '@odonto/domain/reviews';
import { can } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { usePatientReviewRequests, useSendReviewRequest } from './api';

export interface ReviewRequestButtonProps {
  patient: Pick<Patient, '_id' | 'telefon' | 'email' | 'blocked'>;
  /** A past appointment of the patient. */
  appointmentId: string;
}

function RequestBadge({ request }: { request: ReviewRequest }) {
  const channel = CHANNEL_LABELS[request.channel];
  if (request.state === 'used') return <Badge color="teal">Recenzie primită</Badge>;
  if (request.delivery === 'failed' || request.delivery === 'cancelled') {
    return <Badge color="red">Cerere de recenzie netrimisă ({channel})</Badge>;
  }
  if (request.state === 'expired') return <Badge color="gray">Link de recenzie expirat</Badge>;
  return <Badge color="blue">Recenzie cerută ({channel})</Badge>;
}

/**
 * The 'ask for a review' action of a past appointment (published for the appointments list): a menu of
 * SMS or email, or the state of the request already sent. Hidden for a blocked patient.
 */
export function ReviewRequestButton({ patient, appointmentId }: ReviewRequestButtonProps) {
  const session = useCurrentUser();
  const isAllowed = can(session.userCtx.roles, 'read:review');
  const requests = usePatientReviewRequests(patient._id);
  const send = useSendReviewRequest(patient._id);
  if (!isAllowed || !requests.data) return null;

  const existing = requests.data.find((request) => request.appointmentId === appointmentId);
  const canResend =
    existing && existing.state === 'open' && ['failed', 'cancelled'].includes(existing.delivery);
  if (existing && !canResend) return <RequestBadge request={existing} />;
  if (patient.blocked) return null;

  function handleSend(channel: ReviewChannel) {
    send.mutate(
      { appointmentId, channel },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: `Cererea de recenzie a fost trimisă prin ${channel === 'sms' ? 'SMS' : 'email'}.`,
          }),
      },
    );
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          color="yellow"
          leftSection={<IconStar size={14} />}
          loading={send.isPending}
        >
          {canResend ? 'Retrimite cererea de recenzie' : 'Cere recenzie'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconMessage size={16} />}
          disabled={patient.telefon.trim() === ''}
          onClick={() => handleSend('sms')}
        >
          Prin SMS
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMail size={16} />}
          disabled={patient.email.trim() === ''}
          onClick={() => handleSend('email')}
        >
          Prin email
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
