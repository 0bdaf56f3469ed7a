import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { isApiError } from '../../lib/http';
import { useCreatePatient, usePatientSearch } from './api';

export interface PickedPatient {
  _id: string;
  label: string;
}

/** The calendar's first step of a booking: find the patient, or create one with name and phone. */
export function PatientPicker({ onPick }: { onPick: (patient: PickedPatient) => void }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 250);
  const [isCreating, setIsCreating] = useState(false);
  const search = usePatientSearch(query);
  const matches = search.data?.pacienti ?? [];

  if (isCreating) return <NewPatientForm onCreated={onPick} onCancel={() => setIsCreating(false)} />;
  return (
    <Stack gap="sm">
      <TextInput
        label="Caută pacient"
        placeholder="nume, prenume sau telefon"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      {search.isFetching ? <Loader size="sm" aria-label="Se caută" /> : null}
      {query.trim().length >= 2 && !search.isFetching && matches.length === 0 ? (
        <Text size="sm" c="dimmed">
          Niciun pacient găsit.
        </Text>
      ) : null}
      <Stack gap={4} role="list" aria-label="Pacienți găsiți">
        {matches.map((patient) => {
          const label = `${patient.nume} ${patient.prenume} (fișa nr. ${patient.id})`;
          return (
            <UnstyledButton
              key={patient._id}
              role="listitem"
              aria-label={label}
              p="xs"
              style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
              onClick={() => onPick({ _id: patient._id, label })}
            >
              <Text size="sm" fw={600}>
                {patient.nume} {patient.prenume}
              </Text>
              <Text size="xs" c="dimmed">
                fișa nr. {patient.id} {patient.telefon ? `· ${patient.telefon}` : ''}
              </Text>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Group justify="flex-end">
        <Button variant="light" onClick={() => setIsCreating(true)}>
          Pacient nou
        </Button>
      </Group>
    </Stack>
  );
}

function NewPatientForm({
  onCreated,
  onCancel,
}: {
  onCreated: (patient: PickedPatient) => void;
  onCancel: () => void;
}) {
  const [nume, setNume] = useState('');
  const [prenume, setPrenume] = useState('');
  const [telefon, setTelefon] = useState('');
  const create = useCreatePatient();
  const fields = isApiError(create.error, 400) ? create.error.fields : {};

  function handleCreate() {
    create.mutate(
      // SPEC.md §5: spaces removed from the phone before it is sent.
      { nume, prenume, telefon: telefon.replace(/\s/g, '') },
      {
        onSuccess: (saved) =>
          onCreated({ _id: saved._id, label: `${saved.nume} ${saved.prenume} (fișa nr. ${saved.id})` }),
      },
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Nume"
        value={nume}
        onChange={(event) => setNume(event.currentTarget.value)}
        error={fields['nume']}
        required
      />
      <TextInput
        label="Prenume"
        value={prenume}
        onChange={(event) => setPrenume(event.currentTarget.value)}
        error={fields['prenume']}
        required
      />
      <TextInput
        label="Telefon"
        value={telefon}
        // SPEC.md §5 keystroke filter: digits and plus (spaces are removed before sending anyway).
        onChange={(event) => setTelefon(event.currentTarget.value.replace(/[^\d+ ]/g, ''))}
        error={fields['telefon']}
      />
      {create.isError && !isApiError(create.error, 400) ? (
        <Alert color="red">Eroare salvare pacient.</Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" onClick={onCancel}>
          Înapoi
        </Button>
        <Button onClick={handleCreate} loading={create.isPending}>
          Creează pacientul
        </Button>
      </Group>
    </Stack>
  );
}
