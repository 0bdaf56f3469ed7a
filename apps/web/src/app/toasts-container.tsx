// Mantine's toasts container alone, so the providers can load it lazily (a lazy import of the whole
// package would keep all of it, the container included, in the entry chunk beside its store).
export { Notifications } from '@mantine/notifications';
