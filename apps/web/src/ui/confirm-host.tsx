import { useSyncExternalStore } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface Question {
  message: string;
  resolve: (answer: boolean) => void;
}

interface QuestionState {
  question: Question | null;
  isOpen: boolean;
}

let state: QuestionState = { question: null, isOpen: false };
const listeners = new Set<() => void>();

function setState(next: QuestionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks a NU/DA question; resolves true for DA, false for NU or a dismissal. */
export function askConfirmation(message: string): Promise<boolean> {
  if (state.isOpen) state.question?.resolve(false);
  return new Promise((resolve) => setState({ question: { message, resolve }, isOpen: true }));
}

/** Renders the question `askConfirmation` asked; mounted once by the app's providers. */
export function ConfirmHost() {
  const { question, isOpen } = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );

  function handleAnswer(answer: boolean) {
    if (!state.isOpen) return;
    // The message stays while the dialog fades out.
    setState({ question: state.question, isOpen: false });
    question?.resolve(answer);
  }

  return <ConfirmDialog opened={isOpen} message={question?.message ?? ''} onAnswer={handleAnswer} />;
}
