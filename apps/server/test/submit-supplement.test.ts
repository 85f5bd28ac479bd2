import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetails, responseSupplements, responses } from '../src/db/schema';
import { databases } from './databases';
import { type Harness, NOW, startHarness } from './harness';
import { create, createPayload, supplement } from './submit-fixtures';

describe.each(databases())('survey.submit supplement on $name', (target) => {
  let h: Harness;
  let response: { id: number; secret: string };
  beforeAll(async () => {
    h = await startHarness(target);
    response = (await create(h.app, createPayload())).body.data;
  });
  afterAll(async () => {
    await h?.close();
  });

  const supplementsOf = (id: number) =>
    h.database.db
      .select({ kind: responseSupplements.kind, payload: responseSupplements.payload })
      .from(responseSupplements)
      .where(eq(responseSupplements.responseId, id));
  const contactOf = async (id: number) =>
    (await h.database.db.select().from(contactDetails).where(eq(contactDetails.responseId, id)))[0];

  it('permitted is kept as the marketing supplement; a second one replaces it (upsert by kind)', async () => {
    const first = await supplement(h.app, response, { permitted: true });
    expect(first).toMatchObject({ status: 200, body: { data: { id: response.id } } });
    expect(await supplementsOf(response.id)).toEqual([{ kind: 'marketing', payload: { permitted: true } }]);
    await supplement(h.app, response, { permitted: false });
    expect(await supplementsOf(response.id)).toEqual([{ kind: 'marketing', payload: { permitted: false } }]);
  });

  it('contact details go to contact_details only, stamped with the clock, never into the response', async () => {
    const r = (await create(h.app, createPayload())).body.data;
    const contact = {
      name: ' Ada Lovelace ',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      birthday: '10/12/1985',
      anniversary: '29/02',
    };
    const answer = await supplement(h.app, r, { contact });
    expect(answer.status).toBe(200);
    expect(await contactOf(r.id)).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      birthday: '10/12/1985',
      anniversary: '29/02',
      givenAt: NOW,
    });
    // Decision 0233: only that details were given, never what they are, is kept beside the answers.
    expect(await supplementsOf(r.id)).toEqual([{ kind: 'contact', payload: { given: true } }]);
    const [row] = await h.database.db.select().from(responses).where(eq(responses.id, r.id));
    expect(JSON.stringify(row)).not.toContain('ada@example.com');
  });

  it('a new contact replaces the old one entirely and restarts the 7-day clock', async () => {
    const r = (await create(h.app, createPayload())).body.data;
    await supplement(h.app, r, { contact: { name: 'Ada', email: 'ada@example.com' } });
    await h.database.db
      .update(contactDetails)
      .set({ givenAt: new Date(NOW.getTime() - 5 * 86_400_000) })
      .where(eq(contactDetails.responseId, r.id));
    await supplement(h.app, r, { contact: { email: 'grace@example.com' } });
    expect(await contactOf(r.id)).toMatchObject({ name: null, email: 'grace@example.com', givenAt: NOW });
    const rows = await h.database.db.select().from(contactDetails).where(eq(contactDetails.responseId, r.id));
    expect(rows).toHaveLength(1);
  });

  it('contact with every field blank removes the stored details', async () => {
    const r = (await create(h.app, createPayload())).body.data;
    await supplement(h.app, r, { contact: { email: 'ada@example.com' } });
    expect((await supplement(h.app, r, { contact: { email: '  ' } })).status).toBe(200);
    expect(await contactOf(r.id)).toBeUndefined();
    // Withdrawn by the guest, not deleted by the purge: the marker goes too (decision 0233).
    expect(await supplementsOf(r.id)).toEqual([]);
  });

  it('permitted and contact together: one request, both stored', async () => {
    const r = (await create(h.app, createPayload())).body.data;
    await supplement(h.app, r, { permitted: true, contact: { email: 'ada@example.com' } });
    expect(await supplementsOf(r.id)).toEqual(
      expect.arrayContaining([
        { kind: 'marketing', payload: { permitted: true } },
        { kind: 'contact', payload: { given: true } },
      ]),
    );
    expect(await supplementsOf(r.id)).toHaveLength(2);
    expect((await contactOf(r.id))?.email).toBe('ada@example.com');
  });

  it.each([
    ['an email without a domain', { email: 'ada@' }, 'email', 'form.email'],
    ['an email with a one-letter top-level domain', { email: 'ada@example.c' }, 'email', 'form.email'],
    ['a birthday in the future', { birthday: '01/01/2030' }, 'birthday', 'form.futureDate'],
    ['a birthday that is not DD/MM/YYYY', { birthday: '1985-12-10' }, 'birthday', 'form.dayMonthYear'],
    ['an anniversary that does not exist', { anniversary: '31/02' }, 'anniversary', 'form.dayMonth'],
    ['G5.23 a phone number with letters', { phone: '07700 CALL ME' }, 'phone', 'form.numeric'],
  ])('%s: 400 10025 naming the field, nothing stored', async (_name, contact, field, key) => {
    const r = (await create(h.app, createPayload())).body.data;
    const answer = await supplement(h.app, r, { permitted: true, contact });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 10025,
      detail: { fields: [{ field: `payload.contact.${field}`, message: key }] },
    });
    expect(await contactOf(r.id)).toBeUndefined();
    expect(await supplementsOf(r.id)).toEqual([]);
  });

  it('G5.25 a complaint contact: yes is kept with the details, no is kept alone', async () => {
    const r = (await create(h.app, createPayload())).body.data;
    const yes = await supplement(h.app, r, {
      complaintContact: true,
      contact: { name: 'Ada', phone: '07700 900123' },
    });
    expect(yes.status).toBe(200);
    expect(await supplementsOf(r.id)).toEqual(
      expect.arrayContaining([
        { kind: 'complaint_contact', payload: { complaintContact: true } },
        { kind: 'contact', payload: { given: true } },
      ]),
    );
    expect(await supplementsOf(r.id)).toHaveLength(2);
    expect(await contactOf(r.id)).toMatchObject({ name: 'Ada', phone: '07700 900123', email: null });

    const other = (await create(h.app, createPayload())).body.data;
    expect((await supplement(h.app, other, { complaintContact: false })).status).toBe(200);
    expect(await supplementsOf(other.id)).toEqual([
      { kind: 'complaint_contact', payload: { complaintContact: false } },
    ]);
    expect(await contactOf(other.id)).toBeUndefined();
  });

  it.each([
    ['no contact at all', { complaintContact: true }],
    ['a name only', { complaintContact: true, contact: { name: 'Ada' } }],
    ['blank email and phone', { complaintContact: true, contact: { email: ' ', phone: '' } }],
  ])(
    'G5.25 a complaint contact "yes" with %s: 400 10025 asking for an email or a phone',
    async (_n, payload) => {
      const r = (await create(h.app, createPayload())).body.data;
      const answer = await supplement(h.app, r, payload);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 10025,
        detail: {
          fields: [
            { field: 'payload.contact.email', message: 'form.required' },
            { field: 'payload.contact.phone', message: 'form.required' },
          ],
        },
      });
      expect(await supplementsOf(r.id)).toEqual([]);
      expect(await contactOf(r.id)).toBeUndefined();
    },
  );

  it.each([
    ['an empty supplement', {}, 10008],
    ['permitted as text', { permitted: 'yes' }, 10009],
    ['a name over 200 characters', { contact: { name: 'x'.repeat(201) } }, 10009],
    ['a NUL in a name', { contact: { name: 'a\u0000' } }, 10009],
    ['contact as a list', { contact: ['ada@example.com'] }, 10009],
  ])('%s: 400 %s', async (_name, payload, code) => {
    const answer = await supplement(h.app, response, payload);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(code);
  });
});
