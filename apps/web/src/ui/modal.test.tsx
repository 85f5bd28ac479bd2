import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

/** A modal whose owner asks before closing once something was typed (the G2 pattern). */
function Owner({ onClosed }: { onClosed(): void }) {
  const [open, setOpen] = useState(true);
  const [typed, setTyped] = useState('');
  const [asking, setAsking] = useState(false);
  const close = () => {
    setOpen(false);
    onClosed();
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        open={open}
        title="Tell us more"
        closeLabel="Close"
        onRequestClose={() => (typed ? setAsking(true) : close())}
        confirmation={
          asking
            ? {
                message: 'Are you sure you want to close?',
                confirmLabel: 'Close',
                cancelLabel: 'Cancel',
                onConfirm: () => {
                  setAsking(false);
                  setTyped('');
                  close();
                },
                onCancel: () => setAsking(false),
              }
            : null
        }
        footer={<Button onClick={close}>Done</Button>}
      >
        <label>
          Comment
          <input value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a named dialog that Escape closes at once when nothing was entered', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Owner onClosed={onClosed} />);
    expect(screen.getByRole('dialog', { name: 'Tell us more' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledOnce();
  });

  it('G4.58 asks Close or Cancel when closed with answers; Cancel keeps them, Close discards', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Owner onClosed={onClosed} />);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Lovely');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const question = screen.getByRole('alertdialog', { name: 'Are you sure you want to close?' });
    // The safe answer has the focus, so a stray Enter discards nothing.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(question).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Lovely');
    expect(onClosed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const again = screen.getByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledOnce();
  });

  it('keeps the focus inside and returns it to the opener', async () => {
    const user = userEvent.setup();
    render(<Owner onClosed={() => {}} />);
    await user.keyboard('{Escape}');
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
