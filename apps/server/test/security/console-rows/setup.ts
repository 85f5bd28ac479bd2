import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { branches, devices, staffMembers } from '../../../src/db/schema';
import { insertDevice } from '../../harness';
import { CONSOLE } from '../../support/console';
import { multipart } from '../../upload-helpers';
import { smallJpeg } from '../tenants';
import { type ConsoleActor, type ConsoleRow, OUTCOMES, type Outcome, probe, type RowContext } from './types';

/**
 * Changing a thing of branch 1 reached by its own id (a member, a tablet): the id of a thing the caller
 * may not see is not found (10014), not a branch (10012).
 */
const thingChange: Record<ConsoleActor, Outcome> = {
  ...OUTCOMES.branchChange,
  manager2: 10014,
  otherCompany: 10014,
};

/** Lists of the caller's own branches: those who see branch 1 see the owned thing, the rest are blind. */
const branchList: Record<ConsoleActor, Outcome> = {
  owner: 'sees',
  manager1: 'sees',
  manager2: 'blind',
  viewer: 'sees',
  otherCompany: 'blind',
  nobody: 10005,
};

const unique = () => randomBytes(4).toString('hex');

/** A fresh member of branch 1 to change or remove. */
async function member({ h }: RowContext): Promise<number> {
  const tag = unique();
  const [row] = await h.database.db
    .insert(staffMembers)
    .values({ branchId: 1, displayName: `M${tag}`, fullName: `Matrix ${tag}` })
    .returning({ id: staffMembers.id });
  return row?.id ?? 0;
}

/** A fresh tablet of branch 1 (registered and enabled). */
async function tablet({ h }: RowContext): Promise<number> {
  const headers = await insertDevice(h.database, { branchId: 1 });
  const [row] = await h.database.db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.deviceId, headers['x-device-id'] ?? ''));
  return row?.id ?? 0;
}

async function imageBody() {
  const body = multipart([
    { name: 'image', body: await smallJpeg(), filename: 'a.jpg', contentType: 'image/jpeg' },
  ]);
  return { payload: body.payload, headers: { 'content-type': body.contentType } };
}

const companyOne = (answer: { status: number; body: { data?: { company?: { id?: number } } } }) =>
  answer.status < 300 && answer.body.data?.company?.id === 1;

const deviceAction = (action: string): ConsoleRow => ({
  probes: [
    probe({
      prepare: tablet,
      request: (id) => ({ method: 'POST', url: `${CONSOLE}/devices/${id}/${action}` }),
      sees: (a, id) => a.status === 200 && a.body.data.device.id === id,
      expect: thingChange,
    }),
  ],
});

/** Rows of the setup calls: company, branches, staff, devices (the setup helper's). */
export const SETUP_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/company`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/company` }),
        sees: companyOne,
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`PATCH ${CONSOLE}/company`]: {
    probes: [
      probe({
        request: () => ({ method: 'PATCH', url: `${CONSOLE}/company`, payload: { contactRetentionDays: 7 } }),
        sees: companyOne,
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`POST ${CONSOLE}/company/logo`]: {
    probes: [
      probe({
        prepare: imageBody,
        request: (body) => ({ method: 'POST', url: `${CONSOLE}/company/logo`, ...body }),
        sees: companyOne,
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`GET ${CONSOLE}/branches`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/branches` }),
        sees: (a) => a.status === 200 && a.body.data.items.some((b: { id: number }) => b.id === 1),
        expect: branchList,
      }),
    ],
  },
  [`POST ${CONSOLE}/branches`]: {
    probes: [
      probe({
        request: () => ({
          method: 'POST',
          url: `${CONSOLE}/branches`,
          payload: { name: `Matrix ${unique()}`, timeZone: 'UTC' },
        }),
        // The other company's owner adds a branch to their own company.
        sees: async (a, _f, { h }) => {
          if (a.status !== 201) return false;
          const [row] = await h.database.db
            .select({ companyId: branches.companyId })
            .from(branches)
            .where(eq(branches.id, a.body.data.branch.id));
          return row?.companyId === 1;
        },
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`GET ${CONSOLE}/branches/:id`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/branches/1` }),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`PATCH ${CONSOLE}/branches/:id`]: {
    probes: [
      probe({
        request: () => ({ method: 'PATCH', url: `${CONSOLE}/branches/1`, payload: { tableEntry: true } }),
        expect: OUTCOMES.branchChange,
      }),
    ],
  },
  [`POST ${CONSOLE}/branches/:id/passcode`]: {
    probes: [
      probe({
        request: () => ({ method: 'POST', url: `${CONSOLE}/branches/1/passcode` }),
        expect: OUTCOMES.branchChange,
      }),
    ],
  },
  [`GET ${CONSOLE}/branches/:id/staff`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/branches/1/staff` }),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`POST ${CONSOLE}/branches/:id/staff`]: {
    probes: [
      probe({
        request: () => {
          const tag = unique();
          return {
            method: 'POST',
            url: `${CONSOLE}/branches/1/staff`,
            payload: { displayName: `N${tag}`, fullName: `New ${tag}` },
          };
        },
        expect: OUTCOMES.branchChange,
      }),
    ],
  },
  [`PATCH ${CONSOLE}/staff/:id`]: {
    probes: [
      probe({
        prepare: member,
        request: (id) => ({ method: 'PATCH', url: `${CONSOLE}/staff/${id}`, payload: { weight: 60 } }),
        expect: thingChange,
      }),
    ],
  },
  [`DELETE ${CONSOLE}/staff/:id`]: {
    probes: [
      probe({
        prepare: member,
        request: (id) => ({ method: 'DELETE', url: `${CONSOLE}/staff/${id}` }),
        expect: thingChange,
      }),
    ],
  },
  [`POST ${CONSOLE}/staff/:id/photo`]: {
    probes: [
      probe({
        prepare: async (ctx) => ({ id: await member(ctx), body: await imageBody() }),
        request: ({ id, body }) => ({ method: 'POST', url: `${CONSOLE}/staff/${id}/photo`, ...body }),
        expect: thingChange,
      }),
    ],
  },
  [`GET ${CONSOLE}/devices`]: {
    probes: [
      probe({
        prepare: tablet,
        request: () => ({ method: 'GET', url: `${CONSOLE}/devices` }),
        sees: (a, id) => a.status === 200 && a.body.data.items.some((d: { id: number }) => d.id === id),
        expect: branchList,
      }),
    ],
  },
  [`POST ${CONSOLE}/devices/:id/disable`]: deviceAction('disable'),
  [`POST ${CONSOLE}/devices/:id/enable`]: deviceAction('enable'),
  [`POST ${CONSOLE}/devices/:id/release`]: deviceAction('release'),
};
