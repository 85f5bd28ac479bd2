import { useQuery } from '@tanstack/react-query';
import { casesApi } from './cases-api';

export const CASE_COUNTS_KEY = ['cases', 'counts'] as const;

/**
 * How often the navigation asks again while the console is open and in view: a complaint opened by the
 * alert pass shows within a minute, and a console left open all day makes one small call a minute
 * (TanStack Query pauses it while the tab is hidden). A change on the case screen asks at once.
 */
export const CASE_COUNTS_POLL_MS = 60_000;

/** The operator's waiting cases (GET /cases/counts, O14.10), kept fresh for the navigation. */
export const useCaseCounts = () =>
  useQuery({ queryKey: CASE_COUNTS_KEY, queryFn: casesApi.counts, refetchInterval: CASE_COUNTS_POLL_MS });
