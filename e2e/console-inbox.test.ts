import type { CreatePayload } from '@venue-voice/domain';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayload } from '../apps/server/test/submit-fixtures';
import { multipart, photoParts } from '../apps/server/test/upload-helpers';
import { launchBrowser } from './browser';
import { CONSOLE_VIEWPORTS, consolePage, DEMO_SIGN_INS, noViolations, shot, signIn, title } from './console';
import { type OwnServer, startOwnServer } from './own-server';

// The inbox and one response (issue 29) in Chromium against the real server: guests answer through
// survey.submit (one with dishes and a photo), the owner filters the inbox and opens the response.
let server: OwnServer;
let browser: Browser;

const WEB = { 'x-auth-type': 'web', 'x-survey-slug': 'demo-bistro', 'x-branch': '1', 'x-language': 'en-gb' };

/** A local `YYYY-MM-DD` some days ago (a visit must be recent, D3 checks). */
const daysAgo = (days: number) => {
  const date = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

async function submit(overrides: Partial<CreatePayload>): Promise<{ id: number; secret: string }> {
  const payload = createPayload({
    visitDatetime: `${daysAgo(1)} 19:30:00`,
    surveyStart: `${daysAgo(1)} 20:20:00`,
    surveyCompleted: `${daysAgo(1)} 20:25:00`,
    userAgent: 'Mozilla/5.0 (e2e)',
    questionMap: [101, 102, 110, 120],
    ...overrides,
  });
  const response = await fetch(`${server.baseUrl}/api/v1/survey/submit`, {
    method: 'POST',
    headers: { ...WEB, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'create', payload }),
  });
  const body = (await response.json()) as { data: { id: number; secret: string } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('console-inbox'), launchBrowser()]);
  const dishes = [
    { ref: '1001', aspectRatingId: 1, reasons: [1, 2], comment: 'Lukewarm soup' },
    { ref: '1002', aspectRatingId: 3, reasons: [1, 4] },
  ] as const;
  const rated = await submit({
    answers: {
      questions: [
        { id: 101, answer: { choices: [1, 3] } },
        { id: 102, answer: { text: 'E2einbox: the soup was cold but the burger was great' } },
        {
          id: 110,
          answer: { extra: { menuInsight: dishes.map((d) => ({ ...d, reasons: [...d.reasons] })) } },
        },
        { id: 120, answer: { choices: ['yes'], text: 'A friend told me' } },
      ],
      indicators: [
        { id: 1, score: 2 },
        { id: 5, score: 4 },
      ],
      csatScore: null,
      npsScore: null,
    },
  });
  await submit({
    visitDatetime: `${daysAgo(2)} 12:00:00`,
    surveyStart: `${daysAgo(2)} 13:00:00`,
    surveyCompleted: `${daysAgo(2)} 13:05:00`,
    answers: {
      questions: [{ id: 102, answer: { text: 'E2einbox: lovely lunch' } }],
      indicators: [
        { id: 1, score: 5 },
        { id: 5, score: 10 },
      ],
      csatScore: null,
      npsScore: null,
    },
  });
  const image = await sharp({ create: { width: 640, height: 480, background: '#c0603a', channels: 3 } })
    .jpeg()
    .toBuffer();
  const body = multipart(photoParts(image));
  const uploaded = await fetch(`${server.baseUrl}/api/v1/survey/upload/upsert`, {
    method: 'POST',
    headers: {
      ...WEB,
      'content-type': body.contentType,
      'x-response-id': String(rated.id),
      'x-response-secret': rated.secret,
    },
    body: body.payload,
  });
  expect(uploaded.status, await uploaded.text()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the inbox in Chromium', () => {
  it.each(CONSOLE_VIEWPORTS)(
    'filters, opens a response with dishes and a photo, at $width px',
    async (viewport) => {
      const { context, page } = await consolePage(browser, viewport);
      await signIn(page, server.baseUrl, DEMO_SIGN_INS.owner);
      await page.goto(`${server.baseUrl}/console/responses`);
      await title(page, 'Responses');
      await page.getByLabel('Visits from').fill(daysAgo(3));
      await page.getByLabel('Visits to').fill(daysAgo(1));
      await page.getByLabel('Search what guests wrote').fill('e2einbox');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      // The filtered page, not the unfiltered one still shown while it loads.
      await page.waitForURL(/q=e2einbox/);
      await page.getByText('2 shown').waitFor();
      expect(await page.getByRole('link', { name: /Open the response of/ }).count()).toBe(2);
      await noViolations(page, 'inbox');
      await shot(page, 'responses');

      await page.getByLabel('Added a photo').check();
      await page.getByLabel('NPS group').selectOption('detractor');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/photo=true/);
      await page.getByText('1 shown').waitFor();
      expect(new URL(page.url()).search).toBe(
        `?from=${daysAgo(3)}&to=${daysAgo(1)}&nps=detractor&photo=true&q=e2einbox`,
      );

      await page.getByRole('link', { name: /Open the response of/ }).click();
      await title(page, /^Response of/);
      const dishes = page.getByRole('region', { name: 'Dishes' });
      await dishes.getByText('Lukewarm soup').waitFor();
      expect(await dishes.getByText('Bad').count()).toBe(1);
      const thumbnail = page.getByRole('img', { name: 'The guest’s photo' });
      await thumbnail.waitFor();
      // The photo loads with the console's session, from the address survey.upload serves.
      expect(await thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      await noViolations(page, 'response');
      await shot(page, 'response');

      await page.getByRole('link', { name: /Back to responses/ }).click();
      await page.waitForURL(/nps=detractor/);
      await page.getByText('1 shown').waitFor();
      await context.close();
    },
  );
});
