import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { registerModal, type ModalControls } from './modals';

export interface ConfirmationProps {
  message: string;
  onAnswer: (answer: boolean) => void;
}

declare module './modals' {
  interface ModalPropsByName {
    confirmation: ConfirmationProps;
  }
}

/** The message with the NU / DA answers (SPEC.md §8 confirmation texts). */
export function ConfirmationContent({
  message,
  onAnswer,
  close,
}: ConfirmationProps & Partial<ModalControls>) {
  function handleAnswer(answer: boolean) {
    close?.();
    onAnswer(answer);
  }
  return (
    <Stack gap="lg">
      <Text>{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => handleAnswer(false)} data-autofocus>
          NU
        </Button>
        <Button color="red" onClick={() => handleAnswer(true)}>
          DA
        </Button>
      </Group>
    </Stack>
  );
}

export interface ConfirmDialogProps extends ConfirmationProps {
  opened: boolean;
}

/** A NU/DA dialog that stacks above any open modal; dismissing it answers NU. */
export function ConfirmDialog({ opened, message, onAnswer }: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer(false)}
      title="Confirmare"
      size="sm"
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Închide' }}
    >
      <ConfirmationContent message={message} onAnswer={onAnswer} />
    </Modal>
  );
}

registerModal('confirmation', {
  component: ConfirmationContent,
  title: 'Confirmare',
  size: 'sm',
  onDismiss: (props) => props.onAnswer(false),
});
