import multipart from '@fastify/multipart';
import { errorEnvelopeSchema } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { idPathParam } from '../../lib/params';
import { operatorActor, recordAudit } from '../../services/audit/record';
import { multipartOptions } from '../../services/images/upload-request';
import type { SetupContext } from '../../services/setup/scope';
import type { Storage } from '../../services/storage';
import { branchesCreateRoute } from './branches/branches.create';
import { branchesGetRoute } from './branches/branches.get';
import { branchesListRoute } from './branches/branches.list';
import { branchesPasscodeRoute } from './branches/branches.passcode';
import { branchesUpdateRoute } from './branches/branches.update';
import { companyGetRoute } from './company/company.get';
import { companyLogoRoute } from './company/company.logo';
import { companyUpdateRoute } from './company/company.update';
import { devicesDisableRoute } from './devices/devices.disable';
import { devicesEnableRoute } from './devices/devices.enable';
import { devicesListRoute } from './devices/devices.list';
import { devicesReleaseRoute } from './devices/devices.release';
import { staffCreateRoute } from './staff/staff.create';
import { staffDeleteRoute } from './staff/staff.delete';
import { staffListRoute } from './staff/staff.list';
import { staffPhotoRoute } from './staff/staff.photo';
import { staffUpdateRoute } from './staff/staff.update';

/** What the setup calls need beyond the console's own (app.ts passes them). */
export interface SetupDeps {
  /** Logos and member photos (services/images, services/storage). */
  storage: Storage;
  /** The key device passcodes are sealed with (decision 0080). */
  passcodeKey: Buffer;
  /** Told when a company's guest-facing settings changed: survey.config's cached answers go. */
  onCompanyChange: (companyId: number) => void;
}

export type SetupRouteDeps = SetupDeps & { db: Db; clock: Clock };

/** The setup services' context for a signed-in request: its operator, the app's clock, audited. */
export function setupContext(deps: SetupRouteDeps, request: FastifyRequest): SetupContext {
  const { operator } = request;
  const now = deps.clock.now();
  return {
    db: deps.db,
    operator,
    now,
    audit: (db, entry) =>
      recordAudit(db, { companyId: operator.companyId, actor: operatorActor(operator), at: now, ...entry }),
  };
}

export const idParams = z.object({ id: idPathParam() });
/** Uploads answer these too (services/images). */
export const uploadErrors = { 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * The console's setup calls (console-contract.md "Setup", issue 28 item 4): company, branches, staff and
 * devices, one file per call. Registered inside the console plugin, so its Origin check and session
 * guard run first; multipart (logo, member photos) is parsed for these routes only.
 */
export const setupRoutes: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, options) => {
  const { db, clock, storage, passcodeKey, onCompanyChange } = options;
  const deps: SetupRouteDeps = { db, clock, storage, passcodeKey, onCompanyChange };
  await app.register(multipart, multipartOptions);
  for (const route of [
    companyGetRoute,
    companyUpdateRoute,
    companyLogoRoute,
    branchesListRoute,
    branchesCreateRoute,
    branchesGetRoute,
    branchesUpdateRoute,
    branchesPasscodeRoute,
    staffListRoute,
    staffCreateRoute,
    staffUpdateRoute,
    staffDeleteRoute,
    staffPhotoRoute,
    devicesListRoute,
    devicesDisableRoute,
    devicesEnableRoute,
    devicesReleaseRoute,
  ]) {
    await app.register(route, deps);
  }
};
