import { useState } from 'react';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MAX_LABEL_LENGTH, MAX_NOTE_LENGTH, type PatientDocument } from '@odonto/domain/contracts/documents';
import { toIsoDay } from '@odonto/domain/dates';
import { RULE_MESSAGES } from '@odonto/domain/rules';
import {
  DOCUMENT_KINDS,
  DOCUMENT_KIND_INFO,
  DOCUMENT_MESSAGES,
  kindHasFile,
  type DocumentKind,
} from '@odonto/domain/documents';
import { showServerFieldErrors } from '../../lib/form';
import { isApiError } from '../../lib/http';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { FileUpload } from '../../ui/file-upload';
import { FormErrorSummary } from '../../ui/form-errors';
import { isUploadValid } from '../../ui/file-name';
import { registerModal, type ModalControls } from '../../ui/modals';
import { useSaveDocument } from './api';

export interface DocumentModalProps {
  patientId: string;
  kind: DocumentKind;
  /** The document to edit (label, date, a note's text), or null to add one. */
  document: PatientDocument | null;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'add-document': DocumentModalProps;
    'add-import-patient-file': DocumentModalProps;
    'add-note': DocumentModalProps;
    'add-x-ray': DocumentModalProps;
  }
}

/** The label a new document starts with; the saved file name is the label plus the extension. */
export const DEFAULT_LABELS: Readonly<Record<DocumentKind, string>> = {
  document: 'Document',
  import: 'Fișier pacient',
  nota: 'Notă',
  radiografie: 'Radiografie',
};

const REQUIRED = RULE_MESSAGES.required;

function formSchema(kind: DocumentKind, isNew: boolean) {
  const needsFile = isNew && kindHasFile(kind);
  return z
    .object({
      label: z
        .string()
        .trim()
        .min(1, DOCUMENT_MESSAGES.labelRequired)
        .max(MAX_LABEL_LENGTH, `Denumirea are cel mult ${MAX_LABEL_LENGTH} de caractere.`),
      date: z.string().min(1, REQUIRED),
      text: z.string().trim().max(MAX_NOTE_LENGTH, `Nota are cel mult ${MAX_NOTE_LENGTH} de caractere.`),
      file: z.custom<File | null>((value) => value === null || value instanceof File),
    })
    .superRefine((values, context) => {
      // SPEC.md §5: a required upload is valid once a file is loaded.
      if (!isUploadValid(needsFile, values.file))
        context.addIssue({ code: 'custom', path: ['file'], message: DOCUMENT_MESSAGES.fileRequired });
      if (kind === 'nota' && values.text === '')
        context.addIssue({ code: 'custom', path: ['text'], message: DOCUMENT_MESSAGES.textRequired });
    });
}
type FormValues = z.input<ReturnType<typeof formSchema>>;

/** The four add modals of SPEC.md §2 (and the same form to edit a document's label and date). */
export function DocumentModal({ patientId, kind, document, close }: DocumentModalProps & ModalControls) {
  const isNew = document === null;
  const info = DOCUMENT_KIND_INFO[kind];
  const save = useSaveDocument(patientId);
  const form = useForm<FormValues>({
    mode: 'onTouched',
    resolver: zodResolver(formSchema(kind, isNew)),
    defaultValues: {
      label: document?.label ?? DEFAULT_LABELS[kind],
      date: document?.date ?? toIsoDay(new Date()),
      text: document?.text ?? '',
      file: null,
    },
  });
  const { control, register, handleSubmit, formState } = form;
  // A refusal naming the form's fields is shown on them; any other in the alert above the buttons.
  const [isOnFields, setOnFields] = useState(false);
  const label = useWatch({ control, name: 'label' }).trim() || DEFAULT_LABELS[kind];

  function submit(values: FormValues) {
    const obj = {
      ...(document ? { id: document.id, version: document.version } : {}),
      kind,
      label: values.label.trim(),
      date: values.date,
      ...(kind === 'nota' ? { text: values.text.trim() } : {}),
    };
    save.mutate(
      { obj, file: isNew ? values.file : null },
      { onSuccess: close, onError: (error) => setOnFields(showServerFieldErrors(form, error)) },
    );
  }

  const serverError =
    save.error && !isOnFields ? (isApiError(save.error) ? save.error.message : 'Eroare server.') : null;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} aria-label={info.addLabel}>
      <Stack gap="sm">
        <FormErrorSummary
          form={form}
          labels={{ label: 'Denumire', date: 'Data', text: 'Text', file: label }}
        />
        <TextInput
          label="Denumire"
          required
          {...register('label')}
          error={formState.errors.label?.message}
          data-autofocus
        />
        <Controller
          control={control}
          name="date"
          render={({ field, fieldState }) => (
            <DatePickerInput
              ref={field.ref}
              name={field.name}
              label="Data"
              required
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              valueFormat="Do MMM YYYY"
              locale="ro"
              firstDayOfWeek={1}
              {...DATE_PICKER_A11Y}
              error={fieldState.error?.message}
            />
          )}
        />
        {kind === 'nota' ? (
          <Textarea
            label="Text"
            required
            autosize
            minRows={5}
            {...register('text')}
            error={formState.errors.text?.message}
          />
        ) : null}
        {isNew && kindHasFile(kind) ? (
          <Controller
            control={control}
            name="file"
            render={({ field, fieldState }) => (
              <FileUpload
                ref={field.ref}
                label={label}
                value={field.value ?? null}
                onChange={(file) => field.onChange(file)}
                extensions={info.extensions}
                required
                description={`Formate acceptate: ${info.extensions.join(', ')}`}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
        {serverError ? (
          <Alert color="red" role="alert" title="Documentul nu a fost salvat">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Renunță
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

for (const kind of DOCUMENT_KINDS) {
  const info = DOCUMENT_KIND_INFO[kind];
  registerModal(info.modal, {
    component: DocumentModal,
    title: (props) => (props.document ? `Modifică: ${props.document.label}` : info.addLabel),
    size: 'md',
  });
}
