import { Anchor, Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { canChangeCompany } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentBranch } from '../../platform/current-branch';
import { scopeOf, useSignedIn } from '../../platform/session';
import { Page } from '../../ui/page';

interface Step {
  key: string;
  to: string;
}

/** What to do in the first days, by role: the setup an owner or manager does once. */
export function nextSteps(owner: boolean, viewer: boolean, branchId: number | null): Step[] {
  if (viewer)
    return [
      { key: 'devices', to: '/devices' },
      { key: 'links', to: '/links' },
    ];
  const branchSteps: Step[] = [
    ...(branchId !== null ? [{ key: 'staff', to: `/branches/${branchId}/staff` }] : []),
    { key: 'tablet', to: '/branches' },
    { key: 'links', to: '/links' },
  ];
  if (!owner) return branchSteps;
  return [
    { key: 'company', to: '/company' },
    { key: 'branches', to: '/branches' },
    ...branchSteps,
    { key: 'operators', to: '/operators' },
  ];
}

export function HomeScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const { branchId } = useCurrentBranch();
  const scope = scopeOf(me);
  const steps = nextSteps(canChangeCompany(scope), scope.role === 'viewer', branchId);
  return (
    <Page title={t('home.title', { name: me.operator.name })}>
      <Text>{t(`home.intro.${scope.role}`, { company: me.company.name })}</Text>
      <Paper className="console-card" p="xl" component="section" aria-labelledby="home-dashboard">
        <Stack gap="xs" align="flex-start">
          <Title order={2} id="home-dashboard">
            {t('home.dashboard.title')}
          </Title>
          <Text>{t('home.dashboard.text')}</Text>
          <Button component={Link} to="/dashboard">
            {t('home.dashboard.link')}
          </Button>
        </Stack>
      </Paper>
      <Paper className="console-card" p="xl">
        <Stack gap="md">
          <Title order={2}>{t('home.nextTitle')}</Title>
          <List
            type="ordered"
            spacing="md"
            icon={null}
            styles={{ itemWrapper: { alignItems: 'flex-start' } }}
          >
            {steps.map((step, index) => (
              <List.Item
                key={step.key}
                icon={
                  <ThemeIcon radius="xl" size={28} aria-hidden>
                    {index + 1}
                  </ThemeIcon>
                }
              >
                <Anchor component={Link} to={step.to} fw={600}>
                  {t(`home.steps.${step.key}.title`)}
                </Anchor>
                <Text c="dimmed" size="sm">
                  {t(`home.steps.${step.key}.text`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
    </Page>
  );
}
