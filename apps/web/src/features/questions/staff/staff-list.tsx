import {
  type GuestStaffMember,
  initialStaffListQuery,
  type StaffSelector,
  staffFilterButtons,
  visibleStaff,
} from '@venue-voice/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from './staff-state';

export interface StaffListProps {
  selector: StaffSelector;
  members: readonly GuestStaffMember[];
  selectedId: number | null;
  onPick(member: GuestStaffMember): void;
}

/**
 * The team (G2): a search box, the filter buttons ('all' first), the members as toggle buttons with
 * their photo or initials, and a "no results" line; which members show is the domain's rule (G4.55,
 * G4.56).
 */
export function StaffList({ selector, members, selectedId, onPick }: StaffListProps) {
  const { t } = useTranslation('questions');
  const [query, setQuery] = useState(initialStaffListQuery);
  const searchId = useId();
  const shown = visibleStaff(selector, members, query);
  return (
    <fieldset className="staff">
      <legend className="field__label">{t('staff.selectLabel')}</legend>
      <label className="visually-hidden" htmlFor={searchId}>
        {t('staff.search')}
      </label>
      <input
        id={searchId}
        type="search"
        className="field__control staff__search"
        placeholder={t('staff.search')}
        value={query.search}
        onChange={(event) => setQuery({ ...query, search: event.currentTarget.value })}
      />
      {selector.filters.length > 0 && (
        <div className="staff__filters">
          {staffFilterButtons(selector).map((filter) => (
            <button
              key={filter.id}
              type="button"
              className="staff__filter"
              aria-pressed={query.filterId === filter.id}
              onClick={() => setQuery({ ...query, filterId: filter.id })}
            >
              {filter.label ?? t('staff.all')}
            </button>
          ))}
        </div>
      )}
      {shown.length === 0 ? (
        <p className="staff__empty" role="status">
          {t('staff.noResults')}
        </p>
      ) : (
        <ul className="staff__members">
          {shown.map((member) => {
            const name = member.displayName || member.fullName;
            return (
              <li key={member.id}>
                <button
                  type="button"
                  className="staff__member"
                  aria-pressed={selectedId === member.id}
                  onClick={() => onPick(member)}
                >
                  {member.thumbnailUrl ? (
                    <img className="staff__avatar" src={member.thumbnailUrl} alt="" />
                  ) : (
                    <span className="staff__avatar staff__avatar--initials" aria-hidden="true">
                      {initialsOf(name)}
                    </span>
                  )}
                  <span className="staff__name">{name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
