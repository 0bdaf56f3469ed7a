import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PLAN_MESSAGES, rejectPlanRequest, type Plan } from '@odonto/domain/contracts/plans';
import { useRejectPlan } from './api';

/** "Respinge planul": the patient declined the proposal; the reason is kept with the plan. */
export function RejectPlanButton({ plan }: { plan: Plan }) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useRejectPlan(plan.id);

  function handleSubmit() {
    const parsed = rejectPlanRequest.safeParse({ version: plan.version, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PLAN_MESSAGES.rejectReason);
      return;
    }
    reject.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        notifications.show({ color: 'teal', message: 'Planul a fost respins.' });
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <>
      <Button variant="light" color="red" onClick={() => setOpen(true)}>
        Respinge planul
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={`Respinge planul nr. ${plan.number}`}>
        <Stack gap="md">
          <Textarea
            label="Motivul respingerii"
            required
            autosize
            minRows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error && error === PLAN_MESSAGES.rejectReason ? error : undefined}
            data-autofocus
          />
          {error && error !== PLAN_MESSAGES.rejectReason ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Renunță
            </Button>
            <Button color="red" onClick={handleSubmit} loading={reject.isPending}>
              Respinge
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
