import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorDisplay } from './error-display';
import { pushError, useErrorQueue } from './error-queue';
import { ToastRegion } from './toast-region';
import { showToast, useToasts } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.setState({ state: { toasts: [], nextId: 1 } });
  useErrorQueue.setState({ state: { shown: null, waiting: [], showNextAt: null } });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('G4.75 a toast closes after 3000 ms; a sticky one stays until dismissed', async () => {
    render(<ToastRegion dismissLabel="Dismiss" />);
    act(() => {
      showToast({ text: 'Saved' });
      showToast(
        {
          text: 'Please upgrade your browser',
          tone: 'warning',
          link: { href: 'https://browsehappy.com', label: 'Upgrade' },
        },
        0,
      );
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/upgrade your browser/)).not.toBeInTheDocument();
  });
});

describe('error queue display', () => {
  it('G4.73 G4.74 shows one error at a time; the next follows 200 ms after a dismiss', async () => {
    render(<ErrorDisplay dismissLabel="OK" traceLabel="Error details" />);
    act(() => {
      pushError({ message: 'First problem', trace: 'trace-1' });
      pushError({ message: 'Second problem' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('First problem');
    expect(screen.getByText('trace-1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Second problem');
  });
});
