import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { CurrentBranchProvider } from '../../platform/current-branch';
import { currentLanguage, setLanguage } from '../../platform/i18n';
import { languageOf, SignedInProvider, useMe } from '../../platform/session';
import { QueryView } from '../../ui/query-view';
import { ConsoleShell } from './console-shell';

/** The signed-in part of the console: without a session, the sign-in screen (and back here after it). */
export function RequireSession() {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const language = me.data ? languageOf(me.data) : undefined;
  useEffect(() => {
    if (language && language !== currentLanguage()) void setLanguage(language);
  }, [language]);

  if (me.isPending) {
    return (
      <Center mih="100vh" role="status" aria-label={t('common.loading')}>
        <Loader />
      </Center>
    );
  }
  if (me.data === null) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <QueryView query={me}>
      {(signedIn) =>
        signedIn && (
          <SignedInProvider value={signedIn}>
            <CurrentBranchProvider branchIds={signedIn.branches.map((branch) => branch.id)}>
              <ConsoleShell />
            </CurrentBranchProvider>
          </SignedInProvider>
        )
      }
    </QueryView>
  );
}
