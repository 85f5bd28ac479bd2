import { AppError, ErrorCodes, type LinkPurpose } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { companies } from '../../db/schema';
import type { Mailer } from '../mail';
import type { ServiceLog } from '../rate-limit/reserve-attempt';
import { linkMail } from './link-mail';
import { linkUrl } from './links';

/** Mails an operator their one-time link, in their language, naming their company. */
export async function sendLink(
  deps: { db: Db; mailer: Mailer },
  input: {
    purpose: LinkPurpose;
    operator: { email: string; name: string; language: string; companyId: number };
    token: string;
    origin: string;
  },
): Promise<void> {
  const { operator } = input;
  const [company] = await deps.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, operator.companyId));
  await deps.mailer.send(
    linkMail({
      purpose: input.purpose,
      language: operator.language,
      to: operator.email,
      name: operator.name,
      companyName: company?.name ?? '',
      url: linkUrl(input.origin, input.token),
    }),
  );
}

/**
 * Mails an invitation the owner just made. The operator is stored either way; a mail the server could not
 * hand on answers 503 10021 naming them, so the owner sends it again from the list (POST
 * /operators/{id}/invitation) rather than believing it went.
 */
export async function sendInvitation(
  deps: { db: Db; mailer: Mailer; log: ServiceLog },
  input: Omit<Parameters<typeof sendLink>[1], 'purpose'> & { operator: { id: number } },
): Promise<void> {
  try {
    await sendLink(deps, { ...input, purpose: 'invite' });
  } catch (error) {
    deps.log.error({ err: error }, 'invitation mail failed');
    throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
      message: 'The invitation could not be sent; the operator is saved, send the invitation again',
      detail: { operatorId: input.operator.id },
      ui: true,
    });
  }
}
