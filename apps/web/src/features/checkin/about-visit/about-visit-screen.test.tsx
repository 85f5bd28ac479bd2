import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../platform/i18n';
import { fakeApi, renderApp, venueConfig } from '../../../test/render-app';
import { seedCheckin, session } from '../test-support';

vi.mock(import('../../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));

const PATH = '/check_in/about_visit?slug=demo-bistro';

/** Pretends the device's primary pointer is a finger (pointer: coarse) or a mouse. */
function pointer(coarse: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

beforeEach(async () => {
  // Tuesday 10 June 2025, 14:30 on the guest's clock; only Date is faked, timers run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 10, 14, 30));
  seedCheckin({ branchId: 1, config: venueConfig({ averageServiceTime: 60 }) });
  pointer(false);
  await setLanguage('en-gb');
});

afterEach(() => {
  vi.useRealTimers();
});

const field = (name: string) => screen.getByRole('combobox', { name });

describe('about visit (G2 /check_in/about_visit)', () => {
  it('G4.84 starts with no day and the time now minus the average service time', async () => {
    renderApp(PATH, fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'About your visit' });
    for (const day of ['Yesterday', 'Today', 'Choose a date']) {
      expect(screen.getByRole('radio', { name: day })).not.toBeChecked();
    }
    expect(field('Hour')).toHaveDisplayValue('01');
    expect(field('Minute')).toHaveDisplayValue('30');
    expect(field('am/pm')).toHaveDisplayValue('pm');
  });

  it('G2 offers hours 01–12, minutes every 15 and am/pm as dropdowns with a mouse', async () => {
    renderApp(PATH, fakeApi());
    await screen.findByRole('heading', { name: 'About your visit' });
    const texts = (name: string) =>
      within(field(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(texts('Hour')).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(texts('Minute')).toEqual(['00', '15', '30', '45']);
    expect(texts('am/pm')).toEqual(['am', 'pm']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('G5.3 without a day the visit is not valid: "Please enter a valid time and date"', async () => {
    const { router } = renderApp(PATH, fakeApi());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid time and date');
    expect(screen.getByRole('radio', { name: 'Today' })).toHaveAccessibleDescription(
      'Please enter a valid time and date',
    );
    expect(router.state.location.pathname).toBe('/check_in/about_visit');
  });

  it('G5.5 later today is in the future: "Date/time can\'t be in the future"', async () => {
    renderApp(PATH, fakeApi());
    await userEvent.click(await screen.findByRole('radio', { name: 'Today' }));
    await userEvent.selectOptions(field('Hour'), '11');
    await userEvent.selectOptions(field('am/pm'), 'pm');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Date/time can't be in the future");
    expect(session().visitDateTime).toBeNull();
  });

  it('G2.25 yesterday evening is stored and the questions start', async () => {
    const { router } = renderApp(PATH, fakeApi());
    await userEvent.click(await screen.findByRole('radio', { name: 'Yesterday' }));
    await userEvent.selectOptions(field('Hour'), '07');
    await userEvent.selectOptions(field('Minute'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions'));
    expect(session()).toMatchObject({ visitDateTime: '2025-06-09 19:45:00', surveyInProgress: 1 });
  });

  it('"Choose a date" opens a calendar whose week starts on Monday, usable with the keyboard', async () => {
    renderApp(PATH, fakeApi());
    await userEvent.click(await screen.findByRole('radio', { name: 'Choose a date' }));
    const calendar = screen.getByRole('table', { name: 'June 2025' });
    const headers = within(calendar)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(screen.getByText('Pick a day in the calendar.')).toBeInTheDocument();

    // Today is the one day in the tab order; tomorrow cannot be chosen.
    const today = screen.getByRole('button', { name: 'Tuesday, 10 June 2025' });
    expect(today).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Wednesday, 11 June 2025' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    today.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Sunday, 25 May 2025' })).toHaveFocus();
    expect(screen.getByRole('table', { name: 'May 2025' })).toBeInTheDocument();
    // A month on is past today, so the focus stops at today; Home is that week's Monday.
    await userEvent.keyboard('{PageDown}{Home}{Enter}');
    const chosen = screen.getByRole('button', { name: 'Monday, 9 June 2025' });
    expect(chosen).toHaveFocus();
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Chosen date: 2025/06/09')).toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(screen.getByRole('button', { name: 'Tuesday, 10 June 2025' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('on touch devices the time is set with wheels (listboxes) that the keyboard can turn', async () => {
    pointer(true);
    renderApp(PATH, fakeApi());
    await screen.findByRole('heading', { name: 'About your visit' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    const hours = screen.getByRole('listbox', { name: 'Hour' });
    expect(within(hours).getByRole('option', { selected: true })).toHaveTextContent('01');

    hours.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(hours).getByRole('option', { selected: true })).toHaveTextContent('03');
    await userEvent.keyboard('{End}');
    expect(within(hours).getByRole('option', { selected: true })).toHaveTextContent('12');
    expect(hours).toHaveAttribute('aria-activedescendant', 'visit-hour-11');

    const meridiem = screen.getByRole('listbox', { name: 'am/pm' });
    await userEvent.click(within(meridiem).getByRole('option', { name: 'am' }));
    expect(within(meridiem).getByRole('option', { selected: true })).toHaveTextContent('am');

    await userEvent.click(screen.getByRole('radio', { name: 'Today' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // 12:30 am today.
    await waitFor(() => expect(session().visitDateTime).toBe('2025-06-10 00:30:00'));
  });
});
