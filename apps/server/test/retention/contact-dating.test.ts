/**
 * Decision 0144 through the API: a tablet ('app') creates a response offline at T (its surveyCompleted
 * in its own zone) and uploads it with the guest's contact details days later. The details date from
 * T (its latest reading, see contact-given-at.ts), so they go 7 days after T, not 7 days after the
 * upload: stored and present after a job run at 7 days − 1 minute, never kept once 7 days are past.
 */
import { formatLocalDateTime } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetails, responseSupplements } from '../../src/db/schema';
import { PURGE_EVERY_MINUTES, serverJobs } from '../../src/services/jobs';
import { databases } from '../databases';
import { call, type Harness, insertDevice, NOW, startHarness } from '../harness';
import { DAY, MINUTE, movableClock } from '../retention-fixtures';
import { create, createPayload, supplement } from '../submit-fixtures';
import { roomyLimiter } from '../support/limiters';

const HOUR = 60 * MINUTE;
const JOB_INTERVAL = PURGE_EVERY_MINUTES * MINUTE;
const CONTACT = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' };

/**
 * The create's times for a guest who finished at `finished` in `zone`: visit 55 minutes and survey 5
 * minutes before it, so none is later than the upload (D3.16 refuses a visit or a start in the future).
 */
const timesOf = (finished: Date, zone: string) => ({
  visitDatetime: formatLocalDateTime(new Date(finished.getTime() - 55 * MINUTE), zone),
  surveyStart: formatLocalDateTime(new Date(finished.getTime() - 5 * MINUTE), zone),
  surveyCompleted: formatLocalDateTime(finished, zone),
});

describe.each(databases())('contact details dated by the tablet’s create on $name', (target) => {
  const clock = movableClock(NOW);
  let h: Harness;
  let tablet: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target, { clock });
    tablet = { ...(await insertDevice(h.database)), 'x-template-id': '1' };
  });
  afterAll(async () => {
    await h?.close();
  });

  const contactOf = async (id: number) =>
    (await h.database.db.select().from(contactDetails).where(eq(contactDetails.responseId, id)))[0];
  const purgeAt = async (at: number) => {
    clock.set(new Date(at));
    const job = serverJobs({ db: h.database.db, rateLimiter: roomyLimiter(), storage: h.storage }).find(
      (candidate) => candidate.name === 'retention-contact-details',
    );
    if (!job) throw new Error('no retention-contact-details job');
    await job.run(clock.now());
  };

  /** The tablet's guest finishes at `finished` (zone `zone`); everything uploads at `arrival`. */
  async function offlineGuest(finished: Date, zone: string, arrival: number, headers = tablet) {
    clock.set(new Date(arrival));
    const payload = createPayload(timesOf(finished, zone));
    const created = await create(h.app, payload, headers);
    expect(created.status).toBe(200);
    const added = await supplement(h.app, created.body.data, { permitted: true, contact: CONTACT }, headers);
    expect(added.status).toBe(200);
    return created.body.data as { id: number; secret: string };
  }

  it('UTC−12 (exact): 7 days − 1 minute stored and present after a job run; gone after 7 days + a job interval', async () => {
    const finished = new Date('2025-03-01T10:00:00Z');
    const { id } = await offlineGuest(finished, 'Etc/GMT+12', finished.getTime() + 7 * DAY - MINUTE);
    expect((await contactOf(id))?.givenAt.getTime()).toBe(finished.getTime() + 999);
    await purgeAt(finished.getTime() + 7 * DAY - MINUTE);
    expect(await contactOf(id)).toBeDefined();
    await purgeAt(finished.getTime() + 7 * DAY + JOB_INTERVAL);
    expect(await contactOf(id)).toBeUndefined();
  });

  it('UTC−12: uploaded at 7 days + 1 minute, the details are never kept; the permission is', async () => {
    const finished = new Date('2025-03-01T10:00:00Z');
    const { id } = await offlineGuest(finished, 'Etc/GMT+12', finished.getTime() + 7 * DAY + MINUTE);
    expect(await contactOf(id)).toBeUndefined();
    const kept = await h.database.db
      .select({ kind: responseSupplements.kind, payload: responseSupplements.payload })
      .from(responseSupplements)
      .where(eq(responseSupplements.responseId, id));
    // That details were given is kept (decision 0233: the console says they were deleted), not the details.
    expect(kept).toEqual(
      expect.arrayContaining([
        { kind: 'marketing', payload: { permitted: true } },
        { kind: 'contact', payload: { given: true } },
      ]),
    );
    expect(kept).toHaveLength(2);
  });

  // Local date ≠ UTC date (Auckland, Los Angeles) and London's DST changes inside the 7 days. The
  // server dates each at most 12 h + the zone's offset late: `late` is that figure for the instant.
  const zones = [
    { zone: 'Pacific/Auckland', finished: '2025-06-14T20:30:00Z', late: 24 * HOUR }, // 08:30 NZST on the 15th
    { zone: 'America/Los_Angeles', finished: '2025-06-15T03:00:00Z', late: 5 * HOUR }, // 20:00 PDT on the 14th
    { zone: 'Europe/London', finished: '2025-03-30T00:59:59Z', late: 12 * HOUR }, // before the spring change
    { zone: 'Europe/London', finished: '2025-10-26T01:30:00Z', late: 12 * HOUR }, // the repeated 01:30, GMT
    { zone: 'Europe/London', finished: '2025-10-26T00:30:00Z', late: 13 * HOUR }, // the repeated 01:30, BST
  ];
  it.each(zones)(
    '$zone at $finished: present at 7 days − 1 minute, gone by 7 days + late + a job interval',
    async ({ zone, finished, late }) => {
      const at = new Date(finished).getTime();
      const { id } = await offlineGuest(new Date(at), zone, at + 7 * DAY - MINUTE);
      expect((await contactOf(id))?.givenAt.getTime()).toBe(at + late + 999);
      await purgeAt(at + 7 * DAY - MINUTE);
      expect(await contactOf(id)).toBeDefined();
      await purgeAt(at + 7 * DAY + late + JOB_INTERVAL);
      expect(await contactOf(id)).toBeUndefined();
      // Uploaded after that latest instant's 7 days, they are never stored.
      const later = await offlineGuest(new Date(at), zone, at + 7 * DAY + late + 1000);
      expect(await contactOf(later.id)).toBeUndefined();
    },
  );

  it('the queue’s batch (what a tablet sends): 6 days offline dated by the create, 8 days not kept', async () => {
    const finished = new Date('2025-03-01T10:00:00Z');
    const times = timesOf(finished, 'Etc/GMT+12');
    const [fresh, stale] = [createPayload(times), createPayload(times)];
    const upload = async (payload: typeof fresh, days: number) => {
      clock.set(new Date(finished.getTime() + days * DAY));
      const r = await call(h.app, {
        method: 'POST',
        url: '/api/v1/survey/submit/batch',
        headers: tablet,
        payload: {
          items: [
            { type: 'create', templateId: 1, payload },
            { type: 'supplement', guid: payload.guid, payload: { contact: CONTACT } },
          ],
        },
      });
      expect(r.body.data.results.map((result: { status: number }) => result.status)).toEqual([200, 200]);
      return r.body.data.results[0].data.id as number;
    };
    expect((await contactOf(await upload(fresh, 6)))?.givenAt.getTime()).toBe(finished.getTime() + 999);
    expect(await contactOf(await upload(stale, 8))).toBeUndefined();
  });

  it('a later supplement with the response’s details past 7 days removes the stored ones', async () => {
    const finished = new Date('2025-03-01T10:00:00Z');
    const guest = await offlineGuest(finished, 'Etc/GMT+12', finished.getTime() + 6 * DAY);
    expect(await contactOf(guest.id)).toBeDefined();
    clock.set(new Date(finished.getTime() + 7 * DAY + MINUTE));
    const again = await supplement(h.app, guest, { contact: { ...CONTACT, name: 'Ada King' } }, tablet);
    expect(again.status).toBe(200);
    expect(await contactOf(guest.id)).toBeUndefined();
  });

  it('a web guest’s details date from their arrival, whatever the phone’s clock says', async () => {
    const arrival = NOW.getTime() + 30 * DAY;
    const { id } = await offlineGuest(new Date(NOW.getTime() - 30 * DAY), 'UTC', arrival, {
      'x-auth-type': 'web',
      'x-survey-slug': 'demo-bistro',
    });
    expect((await contactOf(id))?.givenAt.getTime()).toBe(arrival);
  });
});
