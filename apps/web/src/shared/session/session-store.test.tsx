import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptySession, SESSION_VERSION, useGuestSession } from './session-store';

const KEY = 'venue-voice-guest-session';

afterEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
  vi.restoreAllMocks();
});

function Slug() {
  return <p>{useGuestSession((session) => session.slug) ?? 'none'}</p>;
}

describe('the guest session store', () => {
  it('keeps the visit in sessionStorage and reads it back after a reload', async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ state: { ...emptySession, slug: 'demo-bistro' }, version: SESSION_VERSION }),
    );
    await useGuestSession.persist.rehydrate();
    expect(useGuestSession.getState().slug).toBe('demo-bistro');
  });

  it('drops a visit stored in an older shape, quietly (a new setup follows)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ state: { slug: 'demo-bistro', checkinConfig: {} }, version: SESSION_VERSION - 1 }),
    );
    await useGuestSession.persist.rehydrate();
    expect(useGuestSession.getState()).toMatchObject(emptySession);
    expect(errors).not.toHaveBeenCalled();
  });

  it('renders the session as it is, on the server and while hydrating (decision 0169)', () => {
    useGuestSession.getState().reset({ slug: 'demo-cafe' });
    // zustand's own hook would read the store's initial state here: 'none'.
    expect(renderToString(<Slug />)).toBe('<p>demo-cafe</p>');
  });

  it('re-renders a component when the session changes', () => {
    render(<Slug />);
    expect(screen.getByText('none')).toBeInTheDocument();
    act(() => useGuestSession.getState().update({ slug: 'demo-bistro' }));
    expect(screen.getByText('demo-bistro')).toBeInTheDocument();
  });
});
