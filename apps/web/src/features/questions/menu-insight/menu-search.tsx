import { isSearchLongEnough, normaliseSearchText, SEARCH_DEBOUNCE_MS } from '@venue-voice/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuQuery } from '../../../platform/api';
import { DishList, type DishListProps } from './dish-list';
import { useMenuProducts } from './use-menu';

export interface MenuSearchProps extends Omit<DishListProps, 'pages' | 'label'> {
  scope: MenuQuery;
}

/**
 * Menu search (G2, G5.1): runs from 3 characters, 500 ms after the last key (decision 0003); fewer
 * characters say "More characters required" and clear the results.
 */
export function MenuSearch({ scope, ...list }: MenuSearchProps) {
  const { t } = useTranslation('questions');
  const { t: tCore } = useTranslation();
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearched(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const ready = isSearchLongEnough(searched);
  const pages = useMenuProducts({ ...scope, text: normaliseSearchText(searched) }, ready);
  const typing = normaliseSearchText(text) !== '';
  return (
    <div className="menu__search">
      <label className="field__label" htmlFor={id}>
        {t('menu.search')}
      </label>
      <input
        id={id}
        type="search"
        className="field__control"
        value={text}
        aria-describedby={hintId}
        autoComplete="off"
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <p id={hintId} className="field__hint field__hint--limit" role="status">
        {typing && !isSearchLongEnough(text) ? tCore('menu.moreCharactersRequired') : ''}
      </p>
      {ready && isSearchLongEnough(text) && <DishList pages={pages} label={t('menu.results')} {...list} />}
    </div>
  );
}
