import { checkCheckinConfig } from '@venue-voice/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { venueConfig } from '../../test/render-app';
import { ensureFullConfig } from './full-config';
import { checkinConfigOf, useGuestSession } from './session-store';

/** What the venue setup holds: the answer checked by hand for the check-in screens only. */
const checkedAnswer = (answer: unknown) => {
  const checked = checkCheckinConfig(answer);
  if (!checked.ok) throw new Error(checked.issues.join());
  return checked.value;
};
const session = () => useGuestSession.getState();

beforeEach(() => {
  session().reset();
});

describe('the full config parse before /questions (decision 0078)', () => {
  it('parses the held answer with the domain schema and moves it to config', async () => {
    const answer = venueConfig();
    const held = checkedAnswer(JSON.parse(JSON.stringify(answer)));
    session().reset({ slug: 'demo-bistro', checkinConfig: held });
    await ensureFullConfig();
    expect(session().config).toEqual(answer);
    expect(session().checkinConfig).toBeNull();
    // The check-in screens read the same config on.
    expect(checkinConfigOf(session())?.surveys?.[0]?.name).toBe(answer.surveys?.[0]?.name);
  });

  it('refuses an answer whose unchecked part is wrong with 10007 and keeps the session', async () => {
    const held = checkedAnswer({ ...venueConfig(), questions: [{ not: 'a question' }] });
    session().reset({ slug: 'demo-bistro', checkinConfig: held });
    await expect(ensureFullConfig()).rejects.toMatchObject({ code: 10007 });
    expect(session().config).toBeNull();
    expect(session().checkinConfig).toBe(held);
  });

  it('leaves a parsed config (or a tablet’s) as it is', async () => {
    const config = venueConfig();
    session().reset({ config });
    await ensureFullConfig();
    expect(session().config).toBe(config);
  });

  it('does not overwrite a setup made while it parsed', async () => {
    session().reset({ checkinConfig: checkedAnswer(venueConfig({ name: 'First' })) });
    const parsing = ensureFullConfig();
    const next = checkedAnswer(venueConfig({ name: 'Second' }));
    session().reset({ checkinConfig: next });
    await parsing;
    expect(session().config).toBeNull();
    expect(session().checkinConfig).toBe(next);
  });
});
