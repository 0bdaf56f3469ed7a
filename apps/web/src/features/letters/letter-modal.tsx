import { useState } from 'react';
import { Alert, Button, Divider, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import { LETTER_MAX_LENGTH, letterTemplate, type Letter } from '@odonto/domain/contracts/letters';
import type { Patient } from '@odonto/domain/contracts/patients';
import { registerModal, type ModalControls } from '../../ui/modals';
import { formatPrintTime } from '../print/print-format';
import { printSheet } from '../print/print-store';
import { useClinic } from '../settings/api';
import { useLetters, useRecordLetterPrint, useSaveLetter } from './api';
import { LetterSheet } from './letter-sheet';

export interface LetterModalProps {
  patient: Patient;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'medical-letter': LetterModalProps;
  }
}

function printLetter(letter: Letter, clinic: ClinicSettings, printedAt: string, patientName: string) {
  printSheet(
    'medical-letter',
    <LetterSheet letter={letter} clinic={clinic} printedAt={printedAt} patientName={patientName} />,
  );
}

function EarlierLetters({ patient, clinic }: { patient: Patient; clinic: ClinicSettings | undefined }) {
  const letters = useLetters(patient._id);
  const recordPrint = useRecordLetterPrint();
  const patientName = `${patient.nume} ${patient.prenume}`;

  function handleReprint(letter: Letter) {
    if (!clinic) return;
    recordPrint.mutate(
      { patientId: patient._id, letterId: letter.id },
      { onSuccess: ({ printedAt }) => printLetter(letter, clinic, printedAt, patientName) },
    );
  }

  if (letters.isError) return <Text c="red">Scrisorile anterioare nu au putut fi încărcate.</Text>;
  if (!letters.data) return <Skeleton h={40} />;
  if (letters.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nu există scrisori anterioare.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Scrisori anterioare">
      {letters.data.map((letter) => (
        <Group
          key={letter.id}
          component="li"
          justify="space-between"
          wrap="nowrap"
          style={{ listStyle: 'none' }}
        >
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {formatPrintTime(letter.createdAt)} · {letter.authorName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {letter.text.split('\n').find((line) => line.trim() !== '') ?? ''}
            </Text>
          </div>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPrinter size={14} />}
            onClick={() => handleReprint(letter)}
            disabled={!clinic}
            aria-label={`Tipărește scrisoarea din ${formatPrintTime(letter.createdAt)}`}
          >
            Tipărește
          </Button>
        </Group>
      ))}
      {recordPrint.isError ? (
        <Alert color="red" variant="light" role="alert">
          {recordPrint.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The 'medical letter' modal (SPEC.md §2): the text, prefilled from the template, that the doctor edits;
 * saving it (POST /api/save-scrisoare) prints it. Earlier letters are listed and can be printed again.
 */
export function LetterModal({ patient }: LetterModalProps & ModalControls) {
  const [text, setText] = useState(() => letterTemplate(patient, new Date()));
  const clinic = useClinic();
  const saveLetter = useSaveLetter();
  const isEmpty = text.trim() === '';
  const isTooLong = text.trim().length > LETTER_MAX_LENGTH;

  function handleSave() {
    if (!clinic.data || isEmpty || isTooLong) return;
    const letterhead = clinic.data;
    saveLetter.mutate(
      { id: patient._id, text },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', message: 'Scrisoarea medicală a fost salvată.' });
          printLetter(
            saved.scrisoare,
            letterhead,
            saved.scrisoare.createdAt,
            `${saved.nume} ${saved.prenume}`,
          );
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Textarea
        label="Textul scrisorii"
        description="Completați recomandările; scrisoarea se tipărește cu antetul clinicii, data și semnătura."
        autosize
        minRows={12}
        maxRows={24}
        value={text}
        onChange={(event) => {
          saveLetter.reset();
          setText(event.currentTarget.value);
        }}
        error={
          isEmpty ? 'Scrisoarea nu poate fi goală.' : isTooLong ? 'Scrisoarea este prea lungă.' : undefined
        }
      />
      {clinic.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          Datele clinicii nu au putut fi încărcate: {clinic.error.message}
        </Alert>
      ) : null}
      {saveLetter.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          {saveLetter.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          leftSection={<IconPrinter size={18} />}
          onClick={handleSave}
          disabled={isEmpty || isTooLong || !clinic.data}
          loading={saveLetter.isPending}
        >
          Salvează și tipărește
        </Button>
      </Group>
      <Divider />
      <Title order={3} fz="md">
        Scrisori anterioare
      </Title>
      <EarlierLetters patient={patient} clinic={clinic.data} />
    </Stack>
  );
}

registerModal('medical-letter', { component: LetterModal, title: 'Scrisoare medicală', size: 'xl' });
