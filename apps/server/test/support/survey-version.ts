import type { SurveyDocument } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/connection';
import { surveys } from '../../src/db/schema';
import { CLI_ACTOR } from '../../src/services/audit/record';
import { publishedDocument, publishVersion } from '../../src/services/survey-versions';

/**
 * Publishes `change` of demo-bistro's published document (company 1, survey 1) as its version 2, as the
 * CLI would, for the tests of what older responses read after a survey changed.
 */
export async function publishChangedVersion(
  db: Db,
  change: (current: SurveyDocument) => SurveyDocument,
): Promise<void> {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, 1));
  if (!row) throw new Error('no demo-bistro');
  await expect(
    publishVersion(db, {
      companyId: 1,
      surveyId: 1,
      document: change(publishedDocument(row)),
      actor: CLI_ACTOR,
    }),
  ).resolves.toEqual({ version: 2 });
}
