import { useParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Center,
  Loader,
  Paper,
  Rating,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconClockX, IconLinkOff, IconMessageCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  publicReviewInput,
  REVIEW_COMMENT_MAX,
  REVIEW_MESSAGES,
  type PublicReviewInput,
} from '@odonto/domain/contracts/reviews';
import { isApiError } from '../../lib/http';
import { usePageTitle } from '../../ui/use-page-title';
import { usePublicReview, useSubmitPublicReview } from './api';
import { starsLabel } from './stars';

const RATING_WORDS: Record<number, string> = {
  1: 'Foarte nemulțumit',
  2: 'Nemulțumit',
  3: 'Așa și așa',
  4: 'Mulțumit',
  5: 'Foarte mulțumit',
};

/** A phone-sized card in the middle of the screen. */
function Card({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="gray.0" px="sm" py="xl">
      <Center>
        <Paper withBorder radius="lg" p="lg" w="100%" maw={480} shadow="sm">
          {children}
        </Paper>
      </Center>
    </Box>
  );
}

function Outcome({
  icon,
  title,
  text,
  color,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  color: string;
}) {
  return (
    <Stack align="center" gap="sm" ta="center" py="md">
      <Text c={color}>{icon}</Text>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text>{text}</Text>
    </Stack>
  );
}

/** What the page shows for a link that cannot take a review (used, expired, unknown) or a failed load. */
function LinkProblem({ error }: { error: Error }) {
  if (isApiError(error, 410) && error.message === REVIEW_MESSAGES.tokenUsed) {
    return (
      <Outcome
        icon={<IconMessageCheck size={48} />}
        title="Recenzie deja trimisă"
        text={error.message}
        color="teal"
      />
    );
  }
  if (isApiError(error, 410)) {
    return (
      <Outcome icon={<IconClockX size={48} />} title="Link expirat" text={error.message} color="orange" />
    );
  }
  if (isApiError(error, 404)) {
    return <Outcome icon={<IconLinkOff size={48} />} title="Link invalid" text={error.message} color="red" />;
  }
  return (
    <Alert color="red" title="Pagina nu a putut fi încărcată">
      {error.message}
    </Alert>
  );
}

function ReviewForm({ token, medic }: { token: string; medic: string }) {
  const submit = useSubmitPublicReview(token);
  const form = useForm<PublicReviewInput>({
    resolver: zodResolver(publicReviewInput),
    defaultValues: { comment: '' },
  });

  if (submit.isSuccess) {
    return (
      <Outcome
        icon={<IconCircleCheck size={48} />}
        title="Vă mulțumim!"
        text="Recenzia a fost trimisă. Părerea dumneavoastră ne ajută să avem grijă mai bună de pacienți."
        color="teal"
      />
    );
  }
  if (submit.error && (isApiError(submit.error, 410) || isApiError(submit.error, 404))) {
    return <LinkProblem error={submit.error} />;
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="rating"
          render={({ field, fieldState }) => (
            <Stack gap={6} align="center">
              <Text fw={600} id="rating-label">
                Câte stele îi dați vizitei la {medic}?
              </Text>
              <Rating
                value={field.value ?? 0}
                onChange={(value) => field.onChange(value)}
                size="xl"
                aria-labelledby="rating-label"
                getSymbolLabel={(value) => starsLabel(value)}
              />
              <Text size="sm" c={fieldState.error ? 'red' : 'dimmed'} aria-live="polite">
                {fieldState.error?.message ?? (field.value ? RATING_WORDS[field.value] : 'Atingeți o stea.')}
              </Text>
            </Stack>
          )}
        />
        <Textarea
          label="Comentariu (opțional)"
          placeholder="Ce v-a plăcut? Ce am putea face mai bine?"
          autosize
          minRows={4}
          maxLength={REVIEW_COMMENT_MAX}
          error={form.formState.errors.comment?.message}
          {...form.register('comment')}
        />
        {submit.error ? <Alert color="red">{submit.error.message}</Alert> : null}
        <Button type="submit" size="md" fullWidth loading={submit.isPending}>
          Trimite recenzia
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /review/{token}: the public page a review link opens, without sign-in. It shows only the clinic, the
 * doctor and the patient's first name; the patient gives 1–5 stars and a comment, once.
 */
export function PublicReviewPage() {
  const { token = '' } = useParams();
  const info = usePublicReview(token);
  usePageTitle(info.data ? `Recenzie · ${info.data.clinicName}` : 'Recenzie');

  return (
    <Card>
      {info.isPending ? (
        <Center py="xl">
          <Loader aria-label="Se încarcă" />
        </Center>
      ) : info.error ? (
        <LinkProblem error={info.error} />
      ) : (
        <Stack gap="lg">
          <Stack gap={4} ta="center">
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              {info.data.clinicName}
            </Text>
            <Title order={1} size="h2">
              {info.data.prenume ? `Bună ziua, ${info.data.prenume}!` : 'Bună ziua!'}
            </Title>
            <Text>Cum a fost vizita la {info.data.medic}?</Text>
          </Stack>
          <ReviewForm token={token} medic={info.data.medic} />
        </Stack>
      )}
    </Card>
  );
}
