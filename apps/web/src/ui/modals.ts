import { useSyncExternalStore, type ComponentType } from 'react';
import type { MantineSize } from '@mantine/core';

/** The modal names of SPEC.md §2 "Other". A feature registers its component under one of them. */
export const MODAL_NAMES = [
  'add-edit-instrument',
  'sterilisation-history',
  'sterilisation-instrument',
  'print-sterilisation-id',
  'side-menu',
  'add-document',
  'add-import-patient-file',
  'add-note',
  'add-appointment',
  'add-punte',
  'add-x-ray',
  'avatar',
  'checkbox',
  'confirmation',
  'delete-dialog',
  'patient-file',
  'medical-letter',
  'add-edit-user',
  'add-treatment',
  'rating',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

/**
 * The props each modal takes. A feature declares its own by module augmentation:
 * `declare module '../../ui/modals' { interface ModalPropsByName { 'add-note': AddNoteProps } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModalPropsByName {}

export type ModalPropsOf<N extends ModalName> = N extends keyof ModalPropsByName
  ? ModalPropsByName[N]
  : Record<string, unknown>;

/** What a registered modal component receives besides its own props. */
export interface ModalControls {
  close: () => void;
}

export interface ModalRegistration<P> {
  component: ComponentType<P & ModalControls>;
  title: string | ((props: P) => string);
  size?: MantineSize | number | string;
  /** Called when the user dismisses the modal (backdrop click, Escape, the × button). */
  onDismiss?: (props: P) => void;
}

type Registry = { [N in ModalName]?: ModalRegistration<ModalPropsOf<N>> };
const registry: Registry = {};

/** Makes `component` the modal opened by `openModal(name, ...)`. */
export function registerModal<N extends ModalName>(
  name: N,
  registration: ModalRegistration<ModalPropsOf<N>>,
): void {
  (registry as { [K in N]?: ModalRegistration<ModalPropsOf<K>> })[name] = registration;
}

export function getModalRegistration<N extends ModalName>(
  name: N,
): ModalRegistration<ModalPropsOf<N>> | undefined {
  return (registry as { [K in N]?: ModalRegistration<ModalPropsOf<K>> })[name];
}

export interface OpenModal {
  name: ModalName;
  props: unknown;
  /** A new key per opening: the content mounts afresh, so a dismissed modal starts clean next time. */
  key: number;
}

interface ModalState {
  current: OpenModal | null;
  isOpen: boolean;
}

let state: ModalState = { current: null, isOpen: false };
let nextKey = 1;
const listeners = new Set<() => void>();

function setState(next: ModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type PropsArgs<N extends ModalName> =
  Record<string, never> extends ModalPropsOf<N> ? [props?: ModalPropsOf<N>] : [props: ModalPropsOf<N>];

/** Opens the modal registered under `name` (replacing any open one) with fresh content. */
export function openModal<N extends ModalName>(name: N, ...args: PropsArgs<N>): void {
  setState({ current: { name, props: args[0] ?? {}, key: nextKey++ }, isOpen: true });
}

/** Closes the open modal; its data is dropped once the closing animation ends. */
export function closeModal(): void {
  if (!state.isOpen) return;
  setState({ ...state, isOpen: false });
}

/** Forgets the closed modal's content (called after the closing animation). */
export function clearClosedModal(): void {
  if (state.isOpen || state.current === null) return;
  setState({ current: null, isOpen: false });
}

export function useModalState(): ModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** For tests: close and forget everything. */
export function resetModals(): void {
  setState({ current: null, isOpen: false });
}
