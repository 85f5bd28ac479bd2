import type { BranchListing } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../platform/i18n';
import { formatDistance } from '../locale-format';

interface BranchListProps {
  branches: readonly BranchListing[];
  onChoose(branch: BranchListing): void;
  /** Name of the list for assistive technology. */
  label: string;
}

/** The venues to pick from: one large button each, with its address and, when known, how far it is. */
export function BranchList({ branches, onChoose, label }: BranchListProps) {
  const { t } = useTranslation('checkin');
  if (branches.length === 0) return <p>{t('findVenue.none')}</p>;
  const language = currentLanguage();
  return (
    <ul className="ck-choice-list" aria-label={label}>
      {branches.map((branch) => (
        <li key={branch.id}>
          <button type="button" className="ck-choice" onClick={() => onChoose(branch)}>
            <span className="ck-choice__title">{branch.name}</span>
            {branch.address && <span className="ck-choice__detail">{branch.address}</span>}
            {branch.distance !== null && (
              <span className="ck-choice__detail">
                {t('findVenue.distance', { distance: formatDistance(branch.distance, language) })}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
