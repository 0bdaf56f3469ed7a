import type { KeyboardEvent } from 'react';
import { Badge, Group, Skeleton, Table, Text } from '@mantine/core';
import { ROLE_LABELS, USER_PAGE_SIZE, type User } from '@odonto/domain/contracts/users';
import { isRole } from '@odonto/domain/roles';
import classes from './user-table.module.css';

const COLUMNS = ['Nume', 'Rol', 'Email', 'Stare'];

/** 'Medic' for medic; an unknown role name is shown as stored. */
export function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

function SkeletonRows() {
  return Array.from({ length: USER_PAGE_SIZE }, (_, row) => (
    <Table.Tr key={row} aria-hidden>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** Active or not, and whether the invitation still waits for the user to choose a password. */
function StatusBadges({ user }: { user: User }) {
  return (
    <Group gap={6} wrap="nowrap">
      {user.active ? (
        <Badge color="teal" variant="light">
          activ
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          inactiv
        </Badge>
      )}
      {user.active && !user.hasPassword ? (
        <Badge color="yellow" variant="light">
          invitație în așteptare
        </Badge>
      ) : null}
    </Group>
  );
}

export interface UserTableProps {
  users: User[] | undefined;
  onOpen: (user: User) => void;
}

/** The users of one page: a row opens the edit modal (click, Enter or Space). */
export function UserTable({ users, onOpen }: UserTableProps) {
  function handleRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, user: User) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(user);
    }
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Listă utilizatori" aria-busy={!users}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users === undefined ? (
            <SkeletonRows />
          ) : (
            users.map((user) => (
              <Table.Tr
                key={user._id}
                className={classes.row}
                tabIndex={0}
                aria-label={`Utilizator ${user.nume}`}
                onClick={() => onOpen(user)}
                onKeyDown={(event) => handleRowKeyDown(event, user)}
              >
                <Table.Td fw={600}>
                  {user.nume}
                  {user.functie ? (
                    <Text size="xs" c="dimmed" fw={400}>
                      {user.functie}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm">{roleLabel(user.rol)}</Text>
                    {user.roles.slice(1).map((role) => (
                      <Badge key={role} size="sm" variant="outline" color="gray">
                        {roleLabel(role)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <StatusBadges user={user} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
