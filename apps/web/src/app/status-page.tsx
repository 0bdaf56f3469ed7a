import type { ReactNode } from 'react';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface StatusPageProps {
  icon: ReactNode;
  title: string;
  message: string;
  actionLabel: string;
  actionTo: string;
}

/** A short centred message with one way out: used by the no-access and not-found pages. */
export function StatusPage({ icon, title, message, actionLabel, actionTo }: StatusPageProps) {
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to={actionTo} mt="sm" variant="light">
          {actionLabel}
        </Button>
      </Stack>
    </Center>
  );
}
