import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** i18n key of the page title (G2: the title comes from the route's meta, with a fallback). */
  title?: string;
}

/** The deepest route that names a title wins; without one the app's name is the title. */
function usePageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title): title is string => Boolean(title))
    .at(-1);
  const title = key ? `${t(key)} · ${t('app.name')}` : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function RootLayout() {
  usePageTitle();
  return <Outlet />;
}
