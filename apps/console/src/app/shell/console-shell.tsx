import {
  AppShell,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, NavLink as RouterLink, useLocation, useNavigate } from 'react-router';
import { authApi } from '../../features/auth';
import { type CasesNavExtras, useCasesNav } from '../../features/cases';
import { api } from '../../platform/api';
import { useCurrentBranch } from '../../platform/current-branch';
import { ME_KEY, scopeOf, useSignedIn } from '../../platform/session';
import { LanguagePicker } from '../../ui/language-picker';
import { navItems } from './nav-items';

/** The console around every signed-in screen: header (branch, language, the operator), navigation, content. */
export function ConsoleShell() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The navigation folded away on a narrow screen is out of reach of Tab and screen readers too.
  const wide = useMediaQuery('(min-width: 62em)', true);
  const folded = !wide && !opened;
  const { branchId, setBranchId } = useCurrentBranch();
  // Counts beside an item: the cases waiting (decision 0267).
  const extras: Record<string, CasesNavExtras> = { '/cases': useCasesNav() };
  const signOut = useMutation({
    mutationFn: authApi.signOut,
    onSettled: async () => {
      queryClient.clear();
      await navigate('/sign-in', { replace: true });
    },
  });
  const saveLanguage = (language: string) =>
    void api.patch('/me', { language }).then(() => queryClient.invalidateQueries({ queryKey: ME_KEY }));

  return (
    <AppShell
      header={{ height: 64 }}
      // Under 992 px (a tablet upright) the navigation folds behind the menu button: tables get the width.
      navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <a className="console-skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('nav.menu')} />
            <Stack gap={0}>
              <Text fw={600} c="navy.7" lh={1.2}>
                Venue Voice
              </Text>
              <Text size="sm" c="dimmed" lh={1.2} visibleFrom="xs">
                {me.company.name}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {me.branches.length > 0 && (
              <Select
                aria-label={t('nav.branch')}
                data={me.branches.map((branch) => ({ value: String(branch.id), label: branch.name }))}
                value={branchId === null ? null : String(branchId)}
                allowDeselect={false}
                w={180}
                onChange={(value) => value && setBranchId(Number(value))}
              />
            )}
            <LanguagePicker onChosen={saveLanguage} />
            <Menu position="bottom-end" width={220}>
              <Menu.Target>
                <UnstyledButton
                  aria-label={t('nav.account', { name: me.operator.name })}
                  className="mantine-focus-auto"
                  px="xs"
                >
                  <Text fw={600} size="sm" truncate maw={160}>
                    {me.operator.name}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{me.operator.email}</Menu.Label>
                <Menu.Item component={RouterLink} to="/profile">
                  {t('nav.profile')}
                </Menu.Item>
                <Menu.Item onClick={() => signOut.mutate()}>{t('nav.signOut')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.label')} component="nav" inert={folded}>
        <ScrollArea>
          {navItems(scopeOf(me), branchId).map((item) => (
            <NavLink
              key={item.to}
              component={RouterLink}
              to={item.to}
              end={item.end}
              active={item.end ? pathname === item.to : pathname.startsWith(item.to)}
              label={t(item.label)}
              onClick={close}
              styles={{ label: { fontSize: '1rem' } }}
              {...extras[item.to]}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
