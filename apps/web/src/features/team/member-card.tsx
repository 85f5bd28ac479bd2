import { teamGridItem } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from './use-team';

export interface MemberCardProps {
  member: TeamMember;
  loggedInMember: number | null;
  /** A toggle is in flight (for any member): every toggle waits for it (D4.53). */
  toggling: boolean;
  onEdit(member: TeamMember): void;
  onToggle(member: TeamMember): void;
}

/** One grid item: avatar, edit button, manager label, name and the active/inactive toggle (D2.16). */
export function MemberCard({ member, loggedInMember, toggling, onEdit, onToggle }: MemberCardProps) {
  const { t } = useTranslation('team');
  const item = teamGridItem(member, loggedInMember);
  return (
    <li className="team__card">
      {member.thumbnailUrl ? (
        <img className="team__avatar" src={member.thumbnailUrl} alt="" />
      ) : (
        <span className="team__avatar team__avatar--initial" aria-hidden="true">
          {member.displayName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <h2 className="team__name">{member.displayName}</h2>
      {item.manager && <p className="team__label">{t('list.manager')}</p>}
      {/* Whether a PIN is set, never which (decision 0197). */}
      <p className="team__pin-state">{member.hasPin ? t('list.pinSet') : t('list.noPin')}</p>
      {item.editable ? (
        <>
          <button
            type="button"
            className="button button--quiet team__edit"
            aria-label={t('list.edit', { name: member.displayName })}
            onClick={() => onEdit(member)}
          >
            <span aria-hidden="true">✎</span>
          </button>
          <label className="team__toggle">
            <input
              type="checkbox"
              role="switch"
              aria-checked={item.active}
              checked={item.active}
              disabled={toggling}
              aria-label={t('list.activeOf', { name: member.displayName })}
              onChange={() => onToggle(member)}
            />
            <span>{item.active ? t('list.active') : t('list.inactive')}</span>
          </label>
        </>
      ) : (
        <p className="team__status">
          {item.active ? t('list.active') : t('list.inactive')} · {t('list.you')}
        </p>
      )}
    </li>
  );
}
