import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  useFormState,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormSetFocus,
} from 'react-hook-form';

/** A field's label by its path; for paths built at run time (list rows) a function. */
export type FieldLabels = Readonly<Record<string, string>> | ((path: string) => string | undefined);

export interface FormErrorItem {
  path: string;
  message: string;
}

function isErrorLeaf(value: object): value is { message: string } {
  return 'message' in value && typeof value.message === 'string' && value.message !== '';
}

/**
 * Every field message of a form's errors with its dotted path ('antecedente.alergii.text'). The form's
 * own messages (`root`) are left out: each form shows them where it says what failed.
 */
export function formErrorItems(errors: FieldErrors): FormErrorItem[] {
  const items: FormErrorItem[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value !== 'object' || value === null) return;
    if (isErrorLeaf(value)) items.push({ path, message: value.message });
    for (const [key, child] of Object.entries(value)) {
      // `ref` is the field's element, `types` repeats the messages by rule.
      if (key === 'ref' || key === 'types' || key === 'message' || key === 'type') continue;
      visit(child, path === '' ? key : `${path}.${key}`);
    }
  };
  for (const [key, value] of Object.entries(errors)) if (key !== 'root') visit(value, key);
  return items;
}

function labelOf(labels: FieldLabels, path: string): string | undefined {
  return typeof labels === 'function' ? labels(path) : labels[path];
}

/** The listed fields first, in the order `labels` names them (the form's order); the rest after. */
function inFormOrder(items: FormErrorItem[], labels: FieldLabels): FormErrorItem[] {
  if (typeof labels === 'function') return items;
  const order = Object.keys(labels);
  const rank = (item: FormErrorItem) => {
    const index = order.indexOf(item.path);
    return index === -1 ? order.length : index;
  };
  return [...items].sort((a, b) => rank(a) - rank(b));
}

export interface FormErrorSummaryProps<TInput extends FieldValues> {
  form: { control: Control<TInput>; setFocus: UseFormSetFocus<TInput> };
  /** The label of each field, as its input shows it; a field without one is listed by its message. */
  labels: FieldLabels;
}

export const FORM_ERROR_SUMMARY_TITLE = 'Verificați câmpurile marcate';

/**
 * The errors of a long form or a modal, listed at its top once a submit has failed: each with its
 * field's label; choosing one moves focus to that field. Gone when the fields are corrected.
 */
export function FormErrorSummary<TInput extends FieldValues>({
  form,
  labels,
}: FormErrorSummaryProps<TInput>) {
  const { errors, submitCount } = useFormState({ control: form.control });
  const items = inFormOrder(formErrorItems(errors), labels);
  if (submitCount === 0 || items.length === 0) return null;

  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle />}
      title={FORM_ERROR_SUMMARY_TITLE}
    >
      <List size="sm" spacing={2}>
        {items.map((item) => {
          const label = labelOf(labels, item.path);
          return (
            <List.Item key={item.path}>
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="red.8"
                onClick={() => form.setFocus(item.path as Path<TInput>)}
              >
                {label ? `${label}: ${item.message}` : item.message}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
