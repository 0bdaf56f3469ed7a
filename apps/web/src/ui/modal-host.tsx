import { Modal } from '@mantine/core';
import {
  clearClosedModal,
  closeModal,
  getModalRegistration,
  useModalState,
  type ModalRegistration,
} from './modals';

/**
 * Renders the modal opened by name. Dismissing it (backdrop, Escape, ×) closes it and drops its data:
 * the next `openModal` mounts the content afresh.
 */
export function ModalHost() {
  const { current, isOpen } = useModalState();
  if (current === null) return null;
  // The registry is typed per name at the call sites; here every entry is handled alike.
  const registration = getModalRegistration(current.name) as ModalRegistration<object> | undefined;
  if (registration === undefined) {
    console.error(`Fereastra „${current.name}” nu este înregistrată.`);
    return null;
  }
  const props = current.props as object;
  const Content = registration.component;
  const title = typeof registration.title === 'function' ? registration.title(props) : registration.title;

  function handleDismiss() {
    registration?.onDismiss?.(props);
    closeModal();
  }

  return (
    <Modal
      opened={isOpen}
      onClose={handleDismiss}
      onExitTransitionEnd={clearClosedModal}
      title={title}
      size={registration.size ?? 'md'}
      centered
      closeButtonProps={{ 'aria-label': 'Închide' }}
      data-modal-name={current.name}
    >
      <Content key={current.key} {...props} close={closeModal} />
    </Modal>
  );
}
