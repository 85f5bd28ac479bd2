import type { MajorGroup } from '@venue-voice/domain';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuQuery } from '../../../platform/api';
import { Modal } from '../../../ui/modal';
import { SelectField } from '../../../ui/select-field';
import { DishList, type DishListProps } from './dish-list';
import { useMenuGroups, useMenuProducts } from './use-menu';

export interface CategoryDialogProps extends Omit<DishListProps, 'pages' | 'label'> {
  /** The dishes the dialog may list: the question's scope, with the type the category was opened under. */
  scope: MenuQuery;
  /** The categories the dropdown offers (those of the same type). */
  majors: MajorGroup[];
  current: MajorGroup;
  onCategory(group: MajorGroup): void;
  onClose(): void;
}

/**
 * A category full screen (G2): a dropdown to switch category and tabs for its subcategories (the family
 * groups of the dishes listed), over the dishes, 25 a page.
 */
export function CategoryDialog({
  majors,
  current,
  onCategory,
  onClose,
  scope,
  ...list
}: CategoryDialogProps) {
  const { t } = useTranslation('questions');
  const groups = useMenuGroups(scope.type ?? null, true);
  const [tab, setTab] = useState<string | null>(null);
  const tabsId = useId();
  const inCategory = useMenuProducts({ ...scope, majorGroupRef: current.ref }, true);
  const inTab = useMenuProducts(
    { ...scope, majorGroupRef: current.ref, familyGroupRef: tab ?? undefined },
    tab !== null,
  );
  // Subcategories: the family groups of the dishes this category has shown so far.
  const present = new Set((inCategory.data?.pages.flat() ?? []).map((product) => product.family_group_ref));
  const tabs = (groups.data?.familyGroups ?? []).filter((family) => present.has(family.ref));
  const all = [{ ref: null as string | null, name: t('menu.allSubcategories') }, ...tabs];
  const tabId = (ref: string | null) => `${tabsId}-${ref ?? 'all'}`;

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = all[(index + step + all.length) % all.length];
    if (!next) return;
    setTab(next.ref);
    document.getElementById(tabId(next.ref))?.focus();
  };

  return (
    <Modal
      open
      fullScreen
      className="menu__dialog"
      title={current.name}
      closeLabel={t('modal.close')}
      onRequestClose={onClose}
    >
      <SelectField
        label={t('menu.category')}
        choices={majors.map((group) => ({ value: group.ref, label: group.name }))}
        value={current.ref}
        emptyLabel={t('menu.chooseCategory')}
        onChange={(ref) => {
          const group = majors.find((candidate) => candidate.ref === ref);
          if (group) {
            setTab(null);
            onCategory(group);
          }
        }}
      />
      {tabs.length > 1 && (
        <div className="menu__tabs" role="tablist" aria-label={t('menu.subcategories')}>
          {all.map((family, index) => (
            <button
              key={family.ref ?? 'all'}
              id={tabId(family.ref)}
              type="button"
              role="tab"
              className="menu__tab"
              aria-selected={tab === family.ref}
              tabIndex={tab === family.ref ? 0 : -1}
              onClick={() => setTab(family.ref)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {family.name}
            </button>
          ))}
        </div>
      )}
      {tabs.length > 1 ? (
        <div role="tabpanel" aria-labelledby={tabId(tab)}>
          <DishList pages={tab === null ? inCategory : inTab} label={current.name} {...list} />
        </div>
      ) : (
        <DishList pages={inCategory} label={current.name} {...list} />
      )}
    </Modal>
  );
}
