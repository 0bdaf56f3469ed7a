import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { ActionIcon, Button, FileButton, Group, Input, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  DEFAULT_UPLOAD_EXTENSIONS,
  UNSUPPORTED_FORMAT_MESSAGE,
  acceptAttribute,
  isAllowedExtension,
  isImageFile,
  savedFileName,
} from './file-name';

/** SPEC.md §4: the upload widget goes from no file to a chosen file, and to removed. */
export type UploadState = 'none' | 'chosen' | 'removed';

export interface FileUploadProps {
  /** Shown above the widget, and the base of the saved name (label + extension). */
  label: string;
  value?: File | null;
  defaultValue?: File | null;
  onChange?: (file: File | null, savedName: string | null) => void;
  /** Allowed extensions without the dot; jpg, jpeg, png, bmp, gif when not given. */
  extensions?: readonly string[];
  required?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  buttonLabel?: string;
  /** The "choose a file" button, e.g. for a form to move focus to when the file is missing. */
  ref?: Ref<HTMLButtonElement>;
}

function ImagePreview({ file, alt }: { file: File; alt: string }) {
  const imageRef = useRef<HTMLImageElement>(null);
  // The object URL lives exactly as long as this preview shows this file.
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (imageRef.current) imageRef.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <img
      ref={imageRef}
      alt={alt}
      width={72}
      height={72}
      style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
    />
  );
}

/** Pick one file, preview it (the picture, or a file icon) and remove it. */
export function FileUpload({
  label,
  value,
  defaultValue,
  onChange,
  extensions = DEFAULT_UPLOAD_EXTENSIONS,
  required = false,
  disabled = false,
  error,
  description,
  buttonLabel = 'Alege fișier',
  ref,
}: FileUploadProps) {
  const [file, setFile] = useUncontrolled<File | null>({
    value,
    defaultValue,
    finalValue: null,
    onChange: (next) => onChange?.(next, next ? savedFileName(label, next.name) : null),
  });
  const [wasRemoved, setWasRemoved] = useState(false);
  const resetInputRef = useRef<() => void>(null);
  const state: UploadState = file ? 'chosen' : wasRemoved ? 'removed' : 'none';

  function handlePick(picked: File | null) {
    // Clearing the input lets the user pick the same file again after a rejection or a removal.
    resetInputRef.current?.();
    if (picked === null) return;
    if (!isAllowedExtension(picked.name, extensions)) {
      window.alert(UNSUPPORTED_FORMAT_MESSAGE);
      return;
    }
    setFile(picked);
  }

  function handleRemove() {
    setFile(null);
    setWasRemoved(true);
  }

  return (
    <Input.Wrapper label={label} required={required} error={error} description={description}>
      <div role="group" aria-label={label} data-state={state}>
        {file ? (
          <Paper withBorder p="xs" radius="md" mt={4}>
            <Group gap="sm" wrap="nowrap">
              {isImageFile(file) ? (
                <ImagePreview file={file} alt={`Previzualizare ${file.name}`} />
              ) : (
                <ThemeIcon size={72} variant="light" radius="sm" aria-hidden>
                  <IconFile size={36} stroke={1.5} />
                </ThemeIcon>
              )}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {savedFileName(label, file.name)}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label="Elimină fișierul"
                onClick={handleRemove}
                disabled={disabled}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Paper>
        ) : (
          <FileButton
            onChange={handlePick}
            accept={acceptAttribute(extensions)}
            resetRef={resetInputRef}
            disabled={disabled}
            inputProps={{ 'aria-label': label, 'aria-required': required }}
          >
            {(props) => (
              <Button
                {...props}
                ref={ref}
                variant="light"
                mt={4}
                leftSection={<IconUpload size={16} />}
                disabled={disabled}
              >
                {buttonLabel}
              </Button>
            )}
          </FileButton>
        )}
      </div>
    </Input.Wrapper>
  );
}
