import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { surveys } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { editableSurvey } from './access';
import type { SurveyChange } from './drafts';

/**
 * PATCH /console/surveys/{id} { active }: whether guests and tablets are served the survey (its guest
 * links, a tablet's next sync). O1.10 as for editing: a new or duplicated survey starts inactive
 * (decision 0255), and this is how it goes live. Audited `survey.update` when it changes.
 */
export async function setSurveyActive(
  ctx: SurveyChange,
  surveyId: number,
  active: boolean,
): Promise<{ active: boolean; changed: boolean }> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { row } = await editableSurvey(tx, ctx.operator, surveyId, true);
    if (row.active === active) return { active, changed: false };
    await tx.update(surveys).set({ active }).where(eq(surveys.id, row.id));
    await recordAudit(tx, {
      companyId: row.companyId,
      actor: ctx.actor,
      action: 'survey.update',
      subjectType: 'survey',
      subjectId: row.id,
      detail: { active },
      at: ctx.now,
    });
    return { active, changed: true };
  });
}
