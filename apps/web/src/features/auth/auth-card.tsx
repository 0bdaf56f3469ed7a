import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDental } from '@tabler/icons-react';
import classes from './auth-card.module.css';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The calm, centred card every sign-in screen is drawn in. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Box component="main" className={classes.page}>
      <Center mih="100dvh" p="md">
        <Stack gap="lg" w="100%" maw={420}>
          <Group gap="sm" justify="center">
            <ThemeIcon size={44} radius="md" variant="filled" aria-hidden>
              <IconDental size={28} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Text fw={700} fz={24} lh={1.1} c="teal.9">
                Odonto
              </Text>
              <Text size="sm" c="dimmed">
                Cabinet stomatologic
              </Text>
            </div>
          </Group>
          <Paper withBorder shadow="sm" radius="lg" p="xl">
            <Stack gap="md">
              <div>
                <Title order={1} fz={22}>
                  {title}
                </Title>
                {description ? (
                  <Text size="sm" c="dimmed" mt={4}>
                    {description}
                  </Text>
                ) : null}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
