import type { KeyboardEvent } from 'react';
import { Badge, Group, Skeleton, Table, Text } from '@mantine/core';
import { ROLE_LABELS, USER_PAGE_SIZE, type User } from '@odonto/domain/contracts/users';
import type { Location } from '@odonto/domain/contracts/locations';
import { isRole } from '@odonto/domain/roles';
import { locationNames } from './user-locations';
import classes from './user-table.module.css';

const COLUMNS = ['Nume', 'Rol', 'Email', 'Stare'];

/** 'Medic' for medic; an unknown role name is shown as stored. */
export function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

function SkeletonRows({ columns }: { columns: readonly string[] }) {
  return Array.from({ length: USER_PAGE_SIZE }, (_, row) => (
    <Table.Tr key={row} aria-hidden>
      {columns.map((column) => (
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
  /** The clinic's locations when it is a group: a "Sedii" column shows each user's; null: no column. */
  locations?: readonly Location[] | null;
}

/** The users of one page: a row opens the edit modal (click, Enter or Space). */
export function UserTable({ users, onOpen, locations = null }: UserTableProps) {
  const columns = locations ? [...COLUMNS.slice(0, 2), 'Sedii', ...COLUMNS.slice(2)] : COLUMNS;
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
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users === undefined ? (
            <SkeletonRows columns={columns} />
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
                {locations ? (
                  <Table.Td>
                    <Text size="sm">{locationNames(locations, user.locationIds)}</Text>
                  </Table.Td>
                ) : null}
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
