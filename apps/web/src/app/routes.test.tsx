import { screen, waitFor } from '@testing-library/react';
import { Language } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../platform/i18n';
import { logError } from '../platform/log';
import { hardRedirect } from '../platform/navigation';
import { fakeApi, renderApp } from '../test/render-app';

vi.mock(import('../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));
vi.mock(import('../platform/log'), () => ({ logError: vi.fn() }));

const api = fakeApi({ surveyConfig: async () => ({ surveys: [] }) });

beforeEach(async () => {
  vi.mocked(hardRedirect).mockClear();
  vi.mocked(logError).mockClear();
  await setLanguage('en-gb');
});

describe('routes without a survey (G2)', () => {
  it('/ with no slug hard-redirects to /error-404 and logs noSlug', async () => {
    renderApp('/', api);
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(logError).toHaveBeenCalledWith('No survey tag passed', {});
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the right page…');
    expect(api.surveyConfig).not.toHaveBeenCalled();
  });

  it('an address deeper than the pattern hard-redirects to /error-404', async () => {
    renderApp('/a/b/c/d', api);
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
  });

  const notFoundTexts: Record<Language, { heading: string; title: string }> = {
    'en-gb': { heading: 'This survey does not exist or has been moved', title: 'Survey not found' },
    de: { heading: 'Diese Umfrage existiert nicht oder wurde verschoben', title: 'Umfrage nicht gefunden' },
    it: { heading: 'Questo sondaggio non esiste o è stato spostato', title: 'Sondaggio non trovato' },
    es: { heading: 'Esta encuesta no existe o se ha trasladado', title: 'Encuesta no encontrada' },
  };

  it.each(Language)('/error-404 tells the guest, in %s, that the survey does not exist', async (language) => {
    await setLanguage(language);
    renderApp('/error-404', api);
    const expected = notFoundTexts[language];
    expect(await screen.findByRole('heading', { level: 1, name: expected.heading })).toBeInTheDocument();
    expect(document.title).toBe(`${expected.title} · Venue Voice`);
    expect(document.documentElement.lang.toLowerCase()).toBe(language);
    expect(hardRedirect).not.toHaveBeenCalled();
  });
});
