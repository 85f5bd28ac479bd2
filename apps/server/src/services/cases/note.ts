import { type CaseDetail, caseTextFault } from '@venue-voice/domain';
import { fieldProblemsError } from '../../plugins/errors';
import { addEvent, type CaseContext, onCase } from './change';

/** POST /console/cases/{id}/notes: a note on the case's timeline (O14.6), by whom may act on it. */
export function addNote(ctx: CaseContext, id: number, body: string): Promise<CaseDetail> {
  const fault = caseTextFault(body);
  if (fault) throw fieldProblemsError([{ field: 'body', in: 'body', message: fault, missing: false }]);
  return onCase(ctx, id, async (tx, row) => {
    await addEvent(tx, ctx, row.id, { kind: 'note', body: body.trim() });
    // The note's words stay on the case; the audit says only that one was added.
    return { action: 'case.note', detail: {} };
  });
}
