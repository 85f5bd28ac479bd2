import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type RouteObject } from 'react-router';
import { AlertsScreen } from '../features/alerts';
import { AuditScreen } from '../features/audit';
import { ForgotScreen, LinkScreen, SignInScreen } from '../features/auth';
import { BranchesScreen, BranchScreen } from '../features/branches';
import { CaseScreen, CasesScreen } from '../features/cases';
import { CompanyScreen } from '../features/company';
import { DevicesScreen } from '../features/devices';
import { HomeScreen } from '../features/home';
import { InboxScreen, ResponseScreen } from '../features/inbox';
import { IntegrationsScreen } from '../features/integrations';
import { LinksScreen } from '../features/links';
import { OperatorsScreen } from '../features/operators';
import { ProfileScreen } from '../features/profile';
import { StaffScreen } from '../features/staff';
import { WebhooksScreen } from '../features/webhooks';
import { RequireSession } from './shell/require-session';

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}

/** What a screen that failed to draw shows instead of React Router's developer page. */
function RouteError() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" p="xl" role="alert">
      <Title order={1}>{t('errors.screenTitle')}</Title>
      <Text>{t('errors.failed')}</Text>
      <Anchor href="/console/">{t('notFound.home')}</Anchor>
    </Stack>
  );
}

/** The console's routes under /console (console-contract.md): three public screens, the rest signed in. */
export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInScreen /> },
  { path: '/forgot', element: <ForgotScreen /> },
  { path: '/link/:token', element: <LinkScreen /> },
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeScreen /> },
      // Loaded when first opened: the charts library is the console's largest part.
      {
        path: '/dashboard',
        lazy: async () => ({ Component: (await import('../features/dashboard')).DashboardScreen }),
      },
      { path: '/responses', element: <InboxScreen /> },
      { path: '/responses/:id', element: <ResponseScreen /> },
      { path: '/cases', element: <CasesScreen /> },
      { path: '/cases/:id', element: <CaseScreen /> },
      {
        path: '/dishes',
        lazy: async () => ({ Component: (await import('../features/dishes')).DishesScreen }),
      },
      { path: '/team', lazy: async () => ({ Component: (await import('../features/team')).TeamScreen }) },
      { path: '/alerts', element: <AlertsScreen /> },
      { path: '/company', element: <CompanyScreen /> },
      { path: '/branches', element: <BranchesScreen /> },
      { path: '/branches/:id', element: <BranchScreen /> },
      { path: '/branches/:id/staff', element: <StaffScreen /> },
      { path: '/devices', element: <DevicesScreen /> },
      { path: '/links', element: <LinksScreen /> },
      // Issue 31: the survey editor, loaded when opened (its forms are for these screens alone).
      {
        path: '/surveys',
        lazy: async () => ({ Component: (await import('../features/surveys')).SurveysScreen }),
      },
      {
        path: '/surveys/:id',
        lazy: async () => ({ Component: (await import('../features/surveys')).SurveyEditorScreen }),
      },
      {
        path: '/surveys/:id/translations',
        lazy: async () => ({
          Component: (await import('../features/survey-translations')).SurveyTranslationsScreen,
        }),
      },
      {
        path: '/surveys/:id/preview',
        lazy: async () => ({ Component: (await import('../features/survey-preview')).SurveyPreviewScreen }),
      },
      // The menu's CSV import: loaded when opened (its CSV reader is for this screen alone).
      {
        path: '/menu-import',
        lazy: async () => ({ Component: (await import('../features/menu-import')).MenuImportScreen }),
      },
      { path: '/operators', element: <OperatorsScreen /> },
      { path: '/audit', element: <AuditScreen /> },
      { path: '/integrations', element: <IntegrationsScreen /> },
      { path: '/webhooks', element: <WebhooksScreen /> },
      { path: '/profile', element: <ProfileScreen /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The router's base: the server serves the console under /console (apps/server/src/plugins/console.ts). */
export const BASENAME = '/console';
