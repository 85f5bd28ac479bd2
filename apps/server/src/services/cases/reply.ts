import {
  AppError,
  type CaseDetail,
  caseTextFault,
  ErrorCodes,
  type ReplyRefusal,
  replyRefusal,
  replySubjectFault,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/connection';
import { fieldProblemsError } from '../../plugins/errors';
import type { Mailer } from '../mail';
import { addEvent, type CaseContext, onCase } from './change';
import { replyFacts } from './detail';
import { defaultReplySubject, replyMail } from './reply-mail';
import { operatorName } from './rows';

/** What the console says when a reply may not be sent (O14.5); `detail.reason` names it for the screen. */
const REFUSED: Record<ReplyRefusal, string> = {
  noContact: 'The guest gave no contact details: a reply cannot be sent',
  noConsent: 'The guest did not agree to be contacted about their feedback: a reply cannot be sent',
  contactDeleted:
    "The guest's contact details were deleted after the retention period: a reply can no longer be sent",
  noEmail: 'The guest left a phone number only: a reply by e-mail cannot be sent',
};

/**
 * POST /console/cases/{id}/reply: an e-mail to the guest from the venue, kept on the case as sent (O14.5,
 * O14.6). Refused (403 10034, `detail.reason`) when the guest gave no details, did not agree, or the
 * details were purged. The mail is handed on inside the case's transaction: a mail server that refuses
 * it (503 10021) leaves no reply on the case, and a reply on the case was sent.
 */
export function replyToGuest(
  ctx: CaseContext & { mailer: Mailer },
  id: number,
  input: { subject?: string | undefined; body: string },
): Promise<CaseDetail> {
  const faults = [
    { field: 'body', message: caseTextFault(input.body) },
    { field: 'subject', message: input.subject === undefined ? null : replySubjectFault(input.subject) },
  ].flatMap((f) => (f.message ? [{ field: f.field, in: 'body', message: f.message, missing: false }] : []));
  if (faults.length > 0) throw fieldProblemsError(faults);
  return onCase(ctx, id, async (tx, row) => {
    const facts = await replyFacts(tx, row.response_id);
    const refusal = replyRefusal(facts);
    if (refusal !== null || !facts.email) {
      const reason = refusal ?? 'noEmail';
      throw new AppError(ErrorCodes.NOT_PERMITTED, {
        message: REFUSED[reason],
        detail: { reason },
        ui: true,
      });
    }
    const [about] = await queryRows<{ guest_name: string | null; company_name: string }>(
      tx,
      sql`select (select name from contact_details where response_id = ${row.response_id}) as guest_name,
        (select name from companies where id = ${row.company_id}) as company_name`,
    );
    const venue = row.branch_name ?? about?.company_name ?? '';
    const subject = input.subject?.replace(/\s+/g, ' ').trim() || defaultReplySubject(row.language, venue);
    const body = input.body.trim();
    try {
      await ctx.mailer.send(
        replyMail({
          to: facts.email,
          guestName: about?.guest_name ?? null,
          language: row.language,
          venue,
          subject,
          body,
          signedBy: operatorName(ctx.operator.name, ctx.operator.email),
          replyTo: ctx.operator.email,
        }),
      );
    } catch (error) {
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
        message: 'The reply could not be sent; nothing was kept, try again',
        detail: { reason: error instanceof Error ? error.name : 'MailError' },
        ui: true,
      });
    }
    await addEvent(tx, ctx, row.id, { kind: 'reply', body, sentTo: facts.email });
    // No address or words in the audit: the log outlives the 7-day purge (O3.13).
    return { action: 'case.reply', detail: {} };
  });
}
