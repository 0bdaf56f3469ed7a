// The shell's and the patient list's share of Mantine's stylesheet (issue 15).
import './signed-in-styles';
import './romanian-dates';
import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Group,
  NavLink,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarWeek,
  IconDental,
  IconChartBar,
  IconFileInvoice,
  IconListSearch,
  IconLogout,
  IconMessageStar,
  IconSettings,
  IconShieldCheck,
  IconUserCog,
  IconUserHeart,
  type Icon,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { menuItems } from '@odonto/domain/roles';
import { canOpenAudit } from '../features/audit/audit-access';
import { useLogout } from '../features/auth/api';
import { useCurrentUser } from '../lib/current-user';
import { canOpenSettings, canOpenSterilisation } from './access';
import classes from './app-layout.module.css';

const MENU_ICONS: Record<string, Icon> = {
  '/pacienti': IconUserHeart,
  '/calendar': IconCalendarWeek,
  '/reviews': IconMessageStar,
  '/facturi': IconFileInvoice,
  '/rapoarte': IconChartBar,
  '/utilizatori': IconUserCog,
  '/sterilizare': IconShieldCheck,
};

/** True when `pathname` is the menu item's page or one of its children. */
export function isMenuItemActive(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** 'Dr. Maria Ionescu' → 'MI': titles such as 'Dr.' are left out. */
export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '' && !part.endsWith('.'));
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase('ro'))
    .join('');
}

/** The signed-in shell: the main side menu (SPEC.md §2), the user's name and the logout icon. */
export function AppLayout() {
  const { userCtx, user } = useCurrentUser();
  const [isMenuOpen, { toggle: handleToggleMenu, close: handleCloseMenu }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const displayName = user.nume || userCtx.name;

  function handleLogout() {
    logout.mutate(undefined, { onSuccess: () => void navigate('/login', { replace: true }) });
  }

  return (
    <AppShell
      header={{ height: 60 }}
      // 'md' (62em): a 10-inch tablet held upright (800 px) gets the whole width and a menu button; landscape
      // tablets and laptops (1280, 1366 px) keep the menu open.
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !isMenuOpen } }}
      padding={{ base: 'sm', md: 'lg' }}
    >
      <a href="#continut" className={classes.skipLink}>
        Sari la conținut
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isMenuOpen}
              onClick={handleToggleMenu}
              hiddenFrom="md"
              size="sm"
              aria-label={isMenuOpen ? 'Închide meniul' : 'Deschide meniul'}
            />
            <ThemeIcon size={34} radius="md" aria-hidden>
              <IconDental size={22} stroke={1.6} />
            </ThemeIcon>
            <Text fw={700} fz="lg" c="teal.9">
              Odonto
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Tooltip label="Profilul meu" withArrow>
              <UnstyledButton
                component={Link}
                to="/profil"
                aria-current={isMenuItemActive('/profil', pathname) ? 'page' : undefined}
                className={classes.profileLink}
              >
                {/* The link is named 'Profilul meu' and then by what it shows (the user's name and job). */}
                <VisuallyHidden>Profilul meu: </VisuallyHidden>
                <Group gap="sm" wrap="nowrap">
                  <Avatar color="teal" radius="xl" size={34} aria-hidden>
                    {initials(displayName)}
                  </Avatar>
                  <Stack gap={0} visibleFrom="xs">
                    <Text size="sm" fw={600} lh={1.2} data-testid="user-name">
                      {displayName}
                    </Text>
                    {user.functie ? (
                      <Text size="xs" c="dimmed" lh={1.2}>
                        {user.functie}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </UnstyledButton>
            </Tooltip>
            {canOpenSettings(userCtx.roles) ? (
              <Tooltip label="Setări" withArrow>
                <ActionIcon
                  component={Link}
                  to="/setari"
                  variant={isMenuItemActive('/setari', pathname) ? 'light' : 'subtle'}
                  color="gray"
                  size="lg"
                  aria-label="Setări"
                  aria-current={isMenuItemActive('/setari', pathname) ? 'page' : undefined}
                >
                  <IconSettings size={20} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {canOpenSterilisation(userCtx.roles) && !userCtx.roles.includes('sterilizare') ? (
              // Admins open the register (and its lists) here; the side menu stays as SPEC.md §2 gives it.
              <Tooltip label="Sterilizare" withArrow>
                <ActionIcon
                  component={Link}
                  to="/sterilizare"
                  variant={isMenuItemActive('/sterilizare', pathname) ? 'light' : 'subtle'}
                  color="gray"
                  size="lg"
                  aria-label="Sterilizare"
                  aria-current={isMenuItemActive('/sterilizare', pathname) ? 'page' : undefined}
                >
                  <IconShieldCheck size={20} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {canOpenAudit(userCtx.roles) ? (
              <Tooltip label="Jurnal de audit" withArrow>
                <ActionIcon
                  component={Link}
                  to="/audit"
                  variant={isMenuItemActive('/audit', pathname) ? 'light' : 'subtle'}
                  color="gray"
                  size="lg"
                  aria-label="Jurnal de audit"
                  aria-current={isMenuItemActive('/audit', pathname) ? 'page' : undefined}
                >
                  <IconListSearch size={20} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label="Deconectare" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label="Deconectare"
                onClick={handleLogout}
                loading={logout.isPending}
              >
                <IconLogout size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Stack gap={0} hiddenFrom="xs" px="sm" pb="sm">
          <Text size="sm" fw={600}>
            {displayName}
          </Text>
          {user.functie ? (
            <Text size="xs" c="dimmed">
              {user.functie}
            </Text>
          ) : null}
        </Stack>
        <nav aria-label="Meniu principal">
          <Stack gap={4}>
            {menuItems(userCtx.roles).map((item) => {
              const ItemIcon = MENU_ICONS[item.path] ?? IconUserHeart;
              const isActive = isMenuItemActive(item.path, pathname);
              return (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={item.path}
                  label={item.label}
                  leftSection={<ItemIcon size={20} stroke={1.6} aria-hidden />}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={handleCloseMenu}
                  className={classes.navLink}
                />
              );
            })}
          </Stack>
        </nav>
      </AppShell.Navbar>
      <AppShell.Main id="continut" tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
