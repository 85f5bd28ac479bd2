import {
  countNps,
  dateOfEpochDay,
  epochDay,
  meanOf,
  npsFromCounts,
  type OperatorScope,
} from '@venue-voice/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSummary } from '../src/services/reports/summary';
import { insertResponses } from '../src/services/responses/insert-responses';
import { databases } from './databases';
import { type Harness, NOW, startHarness } from './harness';
import { type ReportFixture, reportResponse } from './support/report-responses';

// Issue 29: "the report arithmetic proven against the domain's own NPS and CSAT rules". Random responses
// go through insert, fold and the rollups' SQL; the summary must equal what the domain's rules (O5.1–O5.4)
// make of the same responses in JS.

const OWNER: OperatorScope = { id: 1, companyId: 1, role: 'owner', branchIds: 'all' };
const MANAGER_1: OperatorScope = { id: 2, companyId: 1, role: 'manager', branchIds: [1] };
/** The demo surveys' indicator ids (bistro, café). */
const INDICATORS: Record<number, number[]> = { 1: [1, 2, 3, 4, 5, 6], 2: [11, 12] };

interface Drawn {
  branchId: number;
  surveyId: 1 | 2;
  /** Days from the period's first: −1 and 28 fall outside it. */
  offset: number;
  csat: number | null;
  nps: number | null;
  /** Indicator scores in tenths (1.0–5.0 as 10–50), so the JS sums are exact. */
  tenths: (number | null)[];
}

const drawn: fc.Arbitrary<Drawn> = fc.record({
  branchId: fc.constantFrom(1, 2, 3),
  surveyId: fc.constantFrom(1 as const, 2 as const),
  offset: fc.integer({ min: -1, max: 28 }),
  csat: fc.option(fc.integer({ min: 0, max: 100 }), { freq: 4 }),
  nps: fc.option(fc.integer({ min: 0, max: 10 }), { freq: 4 }),
  tenths: fc.array(fc.option(fc.integer({ min: 10, max: 50 })), { minLength: 6, maxLength: 6 }),
});

const query = fc.record({
  operator: fc.constantFrom(OWNER, MANAGER_1),
  branchId: fc.constantFrom(undefined, 1),
  surveyId: fc.constantFrom(undefined, 1, 2),
});

describe.each(databases())('O5.1–O5.4 the summary’s figures equal the domain’s on $name', (target) => {
  let h: Harness;
  // Each run has four weeks of its own, from 2001-01-01 on, so runs (and shrinks) never share a day.
  let nextStart = epochDay('2001-01-01') as number;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('for random responses, scopes and surveys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(drawn, { maxLength: 40 }), query, async (responses, q) => {
        const start = nextStart;
        nextStart += 35;
        const fixtures: ReportFixture[] = responses.map((r) => ({
          branchId: r.branchId,
          surveyId: r.surveyId,
          day: dateOfEpochDay(start + r.offset),
          csat: r.csat,
          nps: r.nps,
          indicators: (INDICATORS[r.surveyId] ?? []).flatMap((id, i) => {
            const tenths = r.tenths[i];
            return tenths === null || tenths === undefined ? [] : [{ id, score: tenths / 10 }];
          }),
        }));
        if (fixtures.length > 0) await insertResponses(h.database.db, fixtures.map(reportResponse), NOW);

        const summary = await reportSummary(
          { db: h.database.db, operator: q.operator },
          {
            from: dateOfEpochDay(start),
            to: dateOfEpochDay(start + 27),
            branchId: q.branchId?.toString(),
            surveyId: q.surveyId?.toString(),
          },
        );

        // The same responses, filtered and counted in JS by the domain's rules.
        const seen = responses.filter(
          (r) =>
            r.offset >= 0 &&
            r.offset <= 27 &&
            (q.operator.branchIds === 'all' || q.operator.branchIds.includes(r.branchId)) &&
            (q.branchId === undefined || r.branchId === q.branchId) &&
            (q.surveyId === undefined || r.surveyId === q.surveyId),
        );
        const counts = countNps(seen.map((r) => r.nps));
        const csats = seen.flatMap((r) => (r.csat === null ? [] : [r.csat]));
        expect(summary.responses).toBe(seen.length);
        expect(summary.nps).toEqual({ score: npsFromCounts(counts), ...counts });
        expect(summary.csat).toEqual({
          score: meanOf(
            csats.reduce((a, b) => a + b, 0),
            csats.length,
          ),
          count: csats.length,
        });
        for (const indicator of summary.indicators) {
          const scores = seen.flatMap((r) => {
            const i = (INDICATORS[r.surveyId] ?? []).indexOf(indicator.id);
            const tenths = i < 0 ? null : r.tenths[i];
            return tenths === null || tenths === undefined ? [] : [tenths];
          });
          const sum = scores.reduce((a, b) => a + b, 0) / 10;
          expect({ id: indicator.id, average: indicator.average, count: indicator.count }).toEqual({
            id: indicator.id,
            average: meanOf(sum, scores.length),
            count: scores.length,
          });
        }
        // Every indicator scored in scope is listed.
        const scored = new Set(
          seen.flatMap((r) =>
            (INDICATORS[r.surveyId] ?? []).filter(
              (_, i) => r.tenths[i] !== null && r.tenths[i] !== undefined,
            ),
          ),
        );
        for (const id of scored) expect(summary.indicators.map((i) => i.id)).toContain(id);
      }),
      { seed: 29_0230, numRuns: 25 },
    );
  }, 120_000);
});
