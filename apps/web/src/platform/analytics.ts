/**
 * The analytics events of guest-flow.md §7, through one adapter. Events go to the tag manager's
 * `dataLayer` queue, which is only read when a tag manager is configured and the guest consented
 * (`analytics-loader.ts`); consent mode (G4.72) decides what a loaded tag may store. With no tag
 * manager the queue never leaves the page.
 */
import { type ConsentUpdate, consentUpdate } from '@venue-voice/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';

export const AnalyticsEvent = [
  'survey-started',
  'submit-survey',
  'leave-survey',
  'complete-survey',
  'share-survey',
  'start-questions',
  'update-answers',
  'skip-section',
  'generate-ai-recommendation',
  'share-ai-recommendation',
  'screen-view',
] as const;
export type AnalyticsEvent = (typeof AnalyticsEvent)[number];

export type AnalyticsParams = Record<string, string | number | boolean>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** True for the consent default this adapter queues (a gtag `arguments` object). */
const isConsentDefault = (entry: unknown): boolean =>
  typeof entry === 'object' &&
  entry !== null &&
  (entry as ArrayLike<unknown>)[0] === 'consent' &&
  (entry as ArrayLike<unknown>)[1] === 'default';

/**
 * The queue, with the all-denied consent default first in it (G4.72: "before any tag"), so whatever a
 * tag manager later reads starts from denied, whoever touched the queue first.
 */
function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  if (!window.dataLayer.some(isConsentDefault)) {
    // gtag's own form: the tag manager reads commands only as `arguments` objects, not arrays.
    const command = (function (..._args: unknown[]) {
      // biome-ignore lint/complexity/noArguments: gtag commands must be an `arguments` object.
      return arguments;
    })('consent', 'default', consentUpdate(false));
    window.dataLayer.unshift(command);
  }
  return window.dataLayer;
}

/** Queues a gtag command (`gtag('consent', 'update', …)` and the like). */
function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: gtag commands must be an `arguments` object.
  dataLayer().push(arguments);
}

/** Runs `action` without letting it throw: analytics must never break a guest's survey. */
function safely(action: () => void): void {
  if (typeof window === 'undefined') return;
  try {
    action();
  } catch {
    // A page script that replaced dataLayer with something odd is not the guest's problem.
  }
}

/** Queues the consent default (all denied) if nothing has yet; idempotent. */
export function queueConsentDefault(): void {
  safely(() => void dataLayer());
}

/** G4.72: the guest's decision, as a consent-mode update of the four storage kinds. */
export function updateConsent(consented: boolean): ConsentUpdate {
  const update = consentUpdate(consented);
  safely(() => gtag('consent', 'update', update));
  return update;
}

/** Records an event. Never throws. */
export function analyticsEvent(event: AnalyticsEvent, params: AnalyticsParams = {}): void {
  safely(() => void dataLayer().push({ event, ...params }));
}

/** Route values that name the survey or the kind of link, never the guest. */
const KEPT_PARAMS = new Set(['slug', 'pinType']);

/**
 * The screen a path shows, without what could point at a guest: a receipt PIN, PVE reference or any
 * other route value is replaced by its name (`/demo-bistro/123456` → `/demo-bistro/:pin`). The slug
 * names the venue's survey, not a person, and is kept. Query strings are never part of it.
 */
export function screenPath(pathname: string, params: Record<string, string | undefined>): string {
  // An address no route knows (the `*` route, sent to /error-404 at once) keeps only its first segment.
  if (params['*']) return `/${pathname.split('/')[1] ?? ''}/*`;
  const hidden = new Map(
    Object.entries(params)
      .filter(([name, value]) => !KEPT_PARAMS.has(name) && value)
      .map(([name, value]) => [value as string, `:${name}`]),
  );
  return pathname
    .split('/')
    .map((segment) => hidden.get(decodeSegment(segment)) ?? segment)
    .join('/');
}

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A `screen-view` on every route change (call once, from the root layout). */
export function useScreenViews(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const params = matches.at(-1)?.params ?? {};
  const path = screenPath(pathname, params);
  // Strict mode runs effects twice in development; one screen is one view.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === path) return;
    counted.current = path;
    analyticsEvent('screen-view', { screen_path: path });
  }, [path]);
}
