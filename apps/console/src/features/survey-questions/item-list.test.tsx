import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdText } from '@venue-voice/domain';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { i18n } from '../../platform/i18n';
import { axeViolations } from '../../test/axe';
import { stackedLayout } from '../../test/layout';
import { questionFaults } from './faults';
import { IdTextList } from './item-list';
import { moved, movedTo } from './options';

/** A question's answers as the question editor holds them; every change is also told to `onChange`. */
function Answers({ start, onChange }: { start: IdText[]; onChange(items: IdText[]): void }) {
  const [items, setItems] = useState(start);
  return (
    <IdTextList
      legend="Answers"
      itemLabel={(n) => i18n.t('surveyEditor.question.answerN', { n })}
      addLabel="Add answer"
      items={items}
      faults={questionFaults([], 0, i18n.t)}
      path="otherQuestionsAnswers"
      onChange={(next) => {
        onChange(next);
        setItems(next);
      }}
    />
  );
}

function renderAnswers() {
  const onChange = vi.fn<(items: IdText[]) => void>();
  const start = ['Taste', 'Price', 'Service'].map((text, n) => ({ id: n + 1, text }));
  const view = render(
    <Providers queryClient={createQueryClient()} env="test">
      <main>
        <Answers start={start} onChange={onChange} />
      </main>
    </Providers>,
  );
  const lastIds = () => onChange.mock.lastCall?.[0].map((item) => item.id);
  return { ...view, lastIds, user: userEvent.setup() };
}

let restoreLayout: (() => void) | undefined;
afterEach(() => restoreLayout?.());

describe('a question’s lists are reordered by drag and drop too (decision 0263)', { timeout: 30_000 }, () => {
  it('movedTo is the one reorder: the arrows move by one place through it', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(movedTo(items, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(movedTo(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(movedTo(items, 0, 4)).toEqual(items);
    expect(moved(items, 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moved(items, 0, -1)).toEqual(items);
  });

  it('moves an answer with the keyboard on its handle, next to the up and down buttons', async () => {
    const { user, lastIds, container } = renderAnswers();
    expect(screen.getByRole('button', { name: 'Move Answer 3 up' })).toBeEnabled();
    expect(await axeViolations(container)).toEqual([]);
    restoreLayout = stackedLayout();
    const handle = screen.getByRole('button', { name: 'Drag to reorder: Answer 3' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() => expect(lastIds()).toEqual([3, 1, 2]));
    expect(screen.getByRole('textbox', { name: 'Answer 1' })).toHaveValue('Service');
    // The arrows still move one place.
    await user.click(screen.getByRole('button', { name: 'Move Answer 1 down' }));
    expect(lastIds()).toEqual([1, 3, 2]);
  });
});
