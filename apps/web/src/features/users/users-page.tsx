import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconUserPlus } from '@tabler/icons-react';
import type { User } from '@odonto/domain/contracts/users';
import { isAdmin } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { useUserList } from './api';
import { useGroupLocations } from './user-locations';
import { UserTable } from './user-table';
// Registers the 'add-edit-user' modal.
import './user-modal';

/** /utilizatori: the staff accounts, 10 a page by name (SPEC.md §2 'Listă utilizatori'). */
export function UsersPage() {
  usePageTitle('Utilizatori');
  const { userCtx, user: me } = useCurrentUser();
  // SPEC.md §4: the page index starts at 0; the screen shows index + 1.
  const [page, setPage] = useState(0);
  const list = useUserList(page);
  const groupLocations = useGroupLocations();
  const data = list.data;
  const isPastLastPage = data !== undefined && data.utilizatori.length === 0 && page > 0;

  function handleOpen(user: User | null) {
    openModal('add-edit-user', { user, currentUserId: me._id });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Utilizatori</Title>
        {isAdmin(userCtx.roles) ? (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => handleOpen(null)}>
            Adaugă utilizator
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <Title order={2} fz="md" px="md" pt="md" c="teal.9">
          Listă utilizatori
        </Title>
        {isPastLastPage ? (
          <Stack align="center" gap="xs" py="xl" c="dimmed">
            <Text>Pagina cerută nu mai există.</Text>
            <Button variant="light" onClick={() => setPage(0)}>
              Mergi la prima pagină
            </Button>
          </Stack>
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <UserTable
              users={list.isError && !data ? [] : data?.utilizatori}
              onOpen={handleOpen}
              locations={groupLocations}
            />
          </div>
        )}
      </Paper>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="users-page-number">
          Pagina {page + 1}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} />}
            onClick={() => setPage(page - 1)}
            disabled={page === 0}
            aria-label="Pagina anterioară"
          >
            Anterioară
          </Button>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} />}
            onClick={() => setPage(page + 1)}
            disabled={!data?.isNextPage || list.isPlaceholderData}
            aria-label="Pagina următoare"
          >
            Următoare
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
