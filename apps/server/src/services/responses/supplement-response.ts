import {
  AppError,
  AuthType,
  canReachGuest,
  ErrorCodes,
  type FieldFault,
  invalid,
  type SupplementPayload,
  type ValidationError,
  VoucherCodeState,
  validateDayMonth,
  validateEmail,
  validatePastDate,
  validatePhone,
} from '@venue-voice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { contactDetails, responseSupplements, responses, voucherCodes } from '../../db/schema';
import type { ResponseRef } from '../../plugins/response-auth';
import { companyRetentionDays, contactDetailsCutoff } from '../retention/contact-details';
import { type CreatedResponse, contactGivenAt } from '../retention/contact-given-at';
import { assertStorable } from './storable';

type Contact = NonNullable<SupplementPayload['contact']>;
type ContactRow = Record<keyof Contact, string | null>;

/** Supplement keys other than `contact`, and the kind each is kept under in response_supplements. */
const KINDS: Record<Exclude<keyof SupplementPayload, 'contact'>, string> = {
  permitted: 'marketing',
  complaintContact: 'complaint_contact',
  voucherUnseen: 'voucher_unseen',
};

const blankToNull = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

const fault = (name: keyof Contact, error: ValidationError): FieldFault => ({
  field: `payload.contact.${name}`,
  in: 'body',
  message: error.key,
  params: error.params,
});

/**
 * The contact details with the domain's form rules (G5: email, phone G5.23, DD/MM/YYYY, DD/MM); a
 * "yes" to a complaint contact needs an email or a phone (G5.25). 10025 lists the faults.
 */
function checkedContact(contact: Contact, now: Date, complaintContact: boolean): ContactRow {
  const row: ContactRow = {
    name: blankToNull(contact.name),
    email: blankToNull(contact.email),
    phone: blankToNull(contact.phone),
    birthday: blankToNull(contact.birthday),
    anniversary: blankToNull(contact.anniversary),
  };
  const checks: [keyof Contact, (value: string) => ValidationError | null][] = [
    ['email', validateEmail],
    ['phone', validatePhone],
    ['birthday', (value) => validatePastDate(value, now)],
    ['anniversary', validateDayMonth],
  ];
  const fields = checks.flatMap(([name, check]) => {
    const value = row[name];
    const error = value === null ? null : check(value);
    return error ? [fault(name, error)] : [];
  });
  if (complaintContact && !canReachGuest({ email: row.email ?? '', phone: row.phone ?? '' })) {
    fields.push(fault('email', invalid('form.required')), fault('phone', invalid('form.required')));
  }
  if (fields.length > 0) {
    throw new AppError(ErrorCodes.FORM_VALIDATION, {
      message: `Invalid contact details: ${fields.map((f) => f.field).join(', ')}`,
      detail: { fields },
    });
  }
  return row;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The supplemented response's auth type and the create's `surveyCompleted` (decision 0144). */
async function createdResponse(tx: Tx, id: number): Promise<CreatedResponse> {
  const [row] = await tx
    .select({
      authType: responses.authType,
      surveyCompleted: sql<string | null>`${responses.payload}->>'surveyCompleted'`,
    })
    .from(responses)
    .where(eq(responses.id, id));
  return row ?? { authType: 'web', surveyCompleted: null };
}

/**
 * The supplement kind that records that a guest gave contact details (decision 0233), kept after the
 * purge deletes them so the console can say they were deleted. Its payload is `{ given: true }` only.
 */
export const CONTACT_MARKER = 'contact';

async function markContactGiven(tx: Tx, responseId: number, given: boolean, now: Date): Promise<void> {
  const marker = and(
    eq(responseSupplements.responseId, responseId),
    eq(responseSupplements.kind, CONTACT_MARKER),
  );
  if (!given) {
    await tx.delete(responseSupplements).where(marker);
    return;
  }
  await tx
    .insert(responseSupplements)
    .values({ responseId, kind: CONTACT_MARKER, payload: { given: true }, updatedAt: now })
    .onConflictDoUpdate({
      target: [responseSupplements.responseId, responseSupplements.kind],
      // Each new version is unseen again: the alert pass queues its response.supplemented (decision 0247).
      set: { updatedAt: sql`excluded.updated_at`, notified: false },
    });
}

/**
 * D4.65 A tablet's guest never saw the voucher its response was given (the answer came after the wait):
 * the code is withdrawn (state deleted, still naming the response, so the record stays), and a resent
 * create answers no voucher. Never back to the pool: the code crossed the network. A web guest's phone
 * always waits for the answer, so a web response cannot withdraw one.
 */
async function withdrawUnseenVoucher(tx: Tx, id: number, created: CreatedResponse): Promise<void> {
  if (created.authType !== AuthType.APP) {
    throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
      message: 'Only a tablet withdraws a voucher its guest did not see',
      detail: { fields: [{ field: 'payload.voucherUnseen', in: 'body', message: 'Tablet responses only' }] },
    });
  }
  await tx
    .update(voucherCodes)
    .set({ state: VoucherCodeState.DELETED })
    .where(and(eq(voucherCodes.responseId, id), eq(voucherCodes.state, VoucherCodeState.USED)));
}

/**
 * survey.submit supplement: one transaction of upserts by kind (`permitted` → 'marketing',
 * `complaintContact` → 'complaint_contact', `voucherUnseen` → 'voucher_unseen' and the code withdrawn). Contact
 * details go only to contact_details, dated when the guest gave them (contactGivenAt: a tablet's by its
 * create, decision 0144); a new upsert replaces them and their date. Details already past the company's
 * retention days (7 at most, O3.13), or all fields blank, remove them.
 */
export async function supplementResponse(
  db: Db,
  ref: ResponseRef,
  payload: SupplementPayload,
  now: Date,
  known: {
    /** The response's auth type and surveyCompleted, when the caller read them with the response. */
    created?: CreatedResponse;
    /** The caller runs this in a transaction or savepoint of its own (survey.submit.batch's items). */
    inTransaction?: boolean;
  } = {},
): Promise<{ id: number }> {
  assertStorable(payload);
  const kinds = Object.entries(KINDS).flatMap(([key, kind]) => {
    const value = payload[key as keyof typeof KINDS];
    return value === undefined ? [] : [{ kind, payload: { [key]: value } }];
  });
  // G5.25 A "yes" to a complaint contact comes with a way to reach the guest, else nobody can call back.
  const complaintContact = payload.complaintContact === true;
  const contact =
    payload.contact === undefined && !complaintContact
      ? undefined
      : checkedContact(payload.contact ?? {}, now, complaintContact);
  if (kinds.length === 0 && contact === undefined) {
    throw new AppError(ErrorCodes.PARAMETER_MISSING, {
      message: 'A supplement needs permitted, complaintContact, voucherUnseen or contact',
      detail: { fields: [{ field: 'payload', in: 'body', message: 'Nothing to add' }] },
    });
  }

  const write = async (tx: Tx) => {
    if (payload.voucherUnseen)
      await withdrawUnseenVoucher(tx, ref.id, known.created ?? (await createdResponse(tx, ref.id)));
    for (const item of kinds) {
      await tx
        .insert(responseSupplements)
        .values({ responseId: ref.id, kind: item.kind, payload: item.payload, updatedAt: now })
        .onConflictDoUpdate({
          target: [responseSupplements.responseId, responseSupplements.kind],
          set: { payload: sql`excluded.payload`, updatedAt: sql`excluded.updated_at`, notified: false },
        });
    }
    if (contact === undefined) return;
    const givenAt = Object.values(contact).every((value) => value === null)
      ? null
      : contactGivenAt(now, known.created ?? (await createdResponse(tx, ref.id)));
    // Decision 0233: that details were given outlives them (no personal data: the console's "deleted
    // after N days"); all fields blank withdraws them, and the marker goes with them.
    await markContactGiven(tx, ref.id, givenAt !== null, now);
    // Details already past the company's days (O3.13: a tablet may upload days late) are not kept.
    if (
      givenAt === null ||
      givenAt <= contactDetailsCutoff(now, await companyRetentionDays(tx, ref.companyId))
    ) {
      await tx.delete(contactDetails).where(eq(contactDetails.responseId, ref.id));
      return;
    }
    await tx
      .insert(contactDetails)
      .values({ responseId: ref.id, ...contact, givenAt })
      .onConflictDoUpdate({
        target: contactDetails.responseId,
        set: {
          name: sql`excluded.name`,
          email: sql`excluded.email`,
          phone: sql`excluded.phone`,
          birthday: sql`excluded.birthday`,
          anniversary: sql`excluded.anniversary`,
          givenAt: sql`excluded.given_at`,
        },
      });
  };
  // Inside the caller's savepoint a savepoint of its own would add two statements and change nothing.
  if (known.inTransaction) await write(db as unknown as Tx);
  else await db.transaction(write);
  return { id: ref.id };
}
