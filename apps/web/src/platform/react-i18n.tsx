/**
 * What the screens import as `react-i18next` (the build and the tests map that name here:
 * preact-aliases.ts): `useTranslation` and `I18nextProvider` over the app's own translator
 * (translator.ts, decision 0078 step 3). The screens keep react-i18next's types and calls.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { i18n as appI18n } from './i18n';
import type { Translator } from './translator';

const I18nContext = createContext<Translator | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: unknown; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n as Translator }, children);
}

/**
 * `t` bound to the current language and the namespace (the first of a list, as react-i18next's
 * default mode; other namespaces by 'ns:key'); the component renders again when the language changes.
 */
export function useTranslation(ns?: string | readonly string[]) {
  const i18n = useContext(I18nContext) ?? (appI18n as unknown as Translator);
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const language = useSyncExternalStore(subscribe, () => i18n.language);
  const namespace = typeof ns === 'string' ? ns : ns?.[0];
  const t = useMemo(() => i18n.getFixedT(language, namespace), [i18n, language, namespace]);
  return { t, i18n, ready: true };
}

/** Kept for react-i18next's plugin hook-up: the translator needs none. */
export const initReactI18next = { type: '3rdParty' as const, init: () => {} };
