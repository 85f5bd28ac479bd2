import { EposProductType, type MajorGroup } from '@venue-voice/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuQuery } from '../../../platform/api';
import { CategoryDialog } from './category-dialog';
import type { DishListProps } from './dish-list';
import { useMenuGroups } from './use-menu';

export interface CategoryBrowserProps extends Omit<DishListProps, 'pages' | 'label'> {
  /** The question's part of the menu; its `type` is the question's menu type, if it names one. */
  scope: MenuQuery;
}

/** The types a question without a menu type lists its categories under, in the spec's order (G3). */
const TYPES = [
  { type: EposProductType.FOOD, label: 'menu.types.food' },
  { type: EposProductType.DRINK, label: 'menu.types.drink' },
  { type: EposProductType.OTHER, label: 'menu.types.other' },
] as const;

type Opened = { group: MajorGroup; majors: MajorGroup[]; type: number };

/**
 * The menu by category (G2, decision 0072). A question with a menu type lists that type's categories
 * (major groups holding a dish of the type: the "by major group" list); a question about the whole
 * menu lists them grouped under Food, Drinks and Other (the "grouped" list), a category showing under
 * each type it has dishes of. A category opens full screen, its dishes limited to the type it was
 * chosen under.
 */
export function CategoryBrowser({ scope, ...list }: CategoryBrowserProps) {
  const { t } = useTranslation('questions');
  const headingId = useId();
  const [opened, setOpened] = useState<Opened | null>(null);
  const menuType = scope.type ?? null;
  const open = (type: number) => (group: MajorGroup, majors: MajorGroup[]) =>
    setOpened({ group, majors, type });

  return (
    <section className="menu__browse" aria-labelledby={headingId}>
      <h2 id={headingId} className="menu__heading">
        {t('menu.browse')}
      </h2>
      {menuType === null ? (
        TYPES.map(({ type, label }) => (
          <Categories key={type} type={type} heading={t(label)} onOpen={open(type)} />
        ))
      ) : (
        <Categories type={menuType} heading={null} onOpen={open(menuType)} />
      )}
      {opened && (
        <CategoryDialog
          majors={opened.majors}
          current={opened.group}
          onCategory={(group) => setOpened({ ...opened, group })}
          onClose={() => setOpened(null)}
          scope={{ ...scope, type: opened.type }}
          {...list}
        />
      )}
    </section>
  );
}

interface CategoriesProps {
  type: number;
  /** The type's heading in the grouped list; null in the by-major-group list. */
  heading: string | null;
  onOpen(group: MajorGroup, majors: MajorGroup[]): void;
}

/** The categories holding a dish of one type, as buttons; nothing while loading or when there are none. */
function Categories({ type, heading, onOpen }: CategoriesProps) {
  const groups = useMenuGroups(type, true);
  const majors = groups.data?.majorGroups ?? [];
  const headingId = useId();
  if (majors.length === 0) return null;
  return (
    <>
      {heading !== null && (
        <h3 id={headingId} className="menu__type">
          {heading}
        </h3>
      )}
      <ul className="menu__categories" aria-labelledby={heading === null ? undefined : headingId}>
        {majors.map((group) => (
          <li key={group.ref}>
            <button type="button" className="menu__category" onClick={() => onOpen(group, majors)}>
              {group.name}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
