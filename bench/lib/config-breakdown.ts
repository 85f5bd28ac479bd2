/**
 * Where a survey.config request spends its time, measured piece by piece in this process on its own
 * in-memory PGlite with the demo seed: the queries the request makes, and the serialisation.
 * Diagnostic only (no goal): it explains the throughput figure.
 */
import { configResponseSchema, dataEnvelope } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { findCompanySections, toQuestions, toSurvey } from '../../apps/server/src/queries/config';
import { findSurveyBySlug } from '../../apps/server/src/queries/context';
import { openBenchDatabase } from './bench-db';
import { median, msSince } from './stats';

const CALLS = 200;
const REPEATS = 5;

async function timePerCall(fn: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 30; i++) await fn();
  const perRepeat: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) await fn();
    perRepeat.push(msSince(start) / CALLS);
  }
  return median(perRepeat);
}

export async function configBreakdown(): Promise<{ label: string; ms: number }[]> {
  const bench = await openBenchDatabase('pglite');
  try {
    const db = bench.database.db;
    const found = await findSurveyBySlug(db, 'demo-bistro');
    if (!found) throw new Error('demo-bistro survey missing from the demo seed');
    const sections = await findCompanySections(db, found.company.id);
    const body = {
      data: {
        core: {
          company: { keyName: found.company.key, name: found.company.name },
          schedules: sections.schedules,
          features: sections.features,
        },
        surveys: [toSurvey(found.survey)],
        questions: toQuestions(found.survey),
      },
    };
    const bytes = JSON.stringify(body).length;
    const responseSchema = dataEnvelope(configResponseSchema);
    return [
      { label: 'PGlite round trip (select 1)', ms: await timePerCall(() => db.execute(sql`select 1`)) },
      {
        label: 'findSurveyBySlug (survey row with its jsonb definition and questions, joined company)',
        ms: await timePerCall(() => findSurveyBySlug(db, 'demo-bistro')),
      },
      {
        label: 'findCompanySections (company_config row)',
        ms: await timePerCall(() => findCompanySections(db, found.company.id)),
      },
      {
        label: `zod parse of the response body (${bytes} bytes of JSON), as the serializer compiler does`,
        ms: await timePerCall(() => responseSchema.parse(body)),
      },
      { label: 'JSON.stringify of the response body', ms: await timePerCall(() => JSON.stringify(body)) },
    ];
  } finally {
    await bench.dispose();
  }
}
