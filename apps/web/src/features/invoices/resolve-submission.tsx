import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { resolveSubmissionInput, type EfacturaSubmission } from '@odonto/domain/contracts/efactura';
import { askConfirmation } from '../../ui/confirm-host';
import { useResolveSubmission } from './api';

const indexForm = z.object({ uploadIndex: resolveSubmissionInput.options[0].shape.uploadIndex });
type IndexForm = z.infer<typeof indexForm>;

/**
 * For an admin, a submission ANAF may or may not have (an upload left unanswered: 'check') or that failed:
 * the upload index found in SPV binds it to what ANAF has; "Trimite din nou" sends it once more after the
 * admin made sure SPV does not have it. Never sent again without that check: ANAF would get it twice.
 */
export function ResolveSubmission({ submission }: { submission: EfacturaSubmission }) {
  const resolve = useResolveSubmission(submission.documentId);
  const form = useForm<IndexForm>({ resolver: zodResolver(indexForm), defaultValues: { uploadIndex: '' } });

  function handleIndex({ uploadIndex }: IndexForm) {
    resolve.mutate({ action: 'uploaded', uploadIndex, version: submission.version });
  }

  async function handleRequeue() {
    const isSure = await askConfirmation(
      'Ați verificat în SPV că factura nu a ajuns la ANAF? Ea va fi trimisă din nou.',
    );
    if (isSure) resolve.mutate({ action: 'requeue', version: submission.version });
  }

  return (
    <Alert color="yellow" variant="light" title="Rezolvați trimiterea în e-Factura">
      <Stack gap="sm">
        <Text size="sm">
          {submission.state === 'check'
            ? 'Căutați factura în SPV (lista mesajelor e-Factura). Dacă există, introduceți indexul ei de încărcare; dacă nu, trimiteți-o din nou.'
            : 'Trimiterea nu a reușit. Dacă factura apare totuși în SPV, introduceți indexul ei de încărcare; altfel trimiteți-o din nou.'}
        </Text>
        <form
          onSubmit={(event) => void form.handleSubmit(handleIndex)(event)}
          noValidate
          aria-label="Indexul din SPV"
        >
          <Group align="flex-start" gap="xs">
            <Controller
              control={form.control}
              name="uploadIndex"
              render={({ field, fieldState }) => (
                <TextInput
                  label="Indexul de încărcare din SPV"
                  inputMode="numeric"
                  {...field}
                  error={fieldState.error?.message}
                  style={{ flex: 1 }}
                />
              )}
            />
            <Button type="submit" mt={25} leftSection={<IconCheck size={16} />} loading={resolve.isPending}>
              Salvează indexul
            </Button>
          </Group>
        </form>
        {resolve.isError ? (
          <Text size="sm" c="red" role="alert">
            {resolve.error.message}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            color="orange"
            leftSection={<IconSend size={16} />}
            onClick={() => void handleRequeue()}
            disabled={resolve.isPending}
          >
            Trimite din nou
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
