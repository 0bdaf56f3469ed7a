import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import {
  IconCalendarEvent,
  IconDental,
  IconFileText,
  IconHistory,
  IconReportMedical,
  IconReceipt,
  IconUserEdit,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { highlightedItemIndex, sectionPath, SIDE_MENU_ITEMS, type PatientSection } from './side-menu-items';

const ICONS: Record<PatientSection, Icon> = {
  history: IconHistory,
  edit: IconUserEdit,
  docs: IconFileText,
  schita: IconDental,
  programari: IconCalendarEvent,
  plan: IconReportMedical,
  cont: IconReceipt,
};

export interface PatientSideMenuProps {
  patientId: string;
  /** The current screen's section ('edit', 'docs', …). */
  section: string;
}

/** The patient right side menu: seven icon links (the treatment plan since issue 12, the account since issue 13); the highlighted one follows SPEC.md §2's rule. */
export function PatientSideMenu({ patientId, section }: PatientSideMenuProps) {
  const highlighted = highlightedItemIndex(section);
  return (
    <nav aria-label="Meniu pacient">
      <Stack gap={6} align="center">
        {SIDE_MENU_ITEMS.map((item, index) => {
          const ItemIcon = ICONS[item.section];
          const isHighlighted = index === highlighted;
          return (
            <Tooltip key={item.section} label={item.label} position="left" withArrow>
              <ActionIcon
                component={Link}
                to={sectionPath(item.section, patientId)}
                size={46}
                radius="md"
                variant={isHighlighted ? 'filled' : 'subtle'}
                color={isHighlighted ? 'teal' : 'gray'}
                aria-label={item.label}
                // The highlight follows the spec's rule; assistive tech hears the real current page.
                aria-current={item.section === section ? 'page' : undefined}
                data-highlighted={isHighlighted || undefined}
              >
                <ItemIcon size={24} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Stack>
    </nav>
  );
}
