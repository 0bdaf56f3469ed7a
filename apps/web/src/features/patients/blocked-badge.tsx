import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/**
 * A blocked patient's marker, the same in the list and the header: an icon and the word. In a file of its
 * own so the patient list does not bring the patient header's code (issue 15's budgets).
 */
export function BlockedBadge() {
  return (
    <Badge color="red" variant="light" radius="sm" leftSection={<IconLock size={12} />}>
      Blocat
    </Badge>
  );
}
