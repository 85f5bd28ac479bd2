import { NONE_TEAM_ID, type Team, TeamMemberStatus } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceField } from '../../shared/device-field';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';

export type MemberValues = {
  displayName: string;
  fullName: string;
  /** A new PIN: the saved one is never shown (decision 0197). */
  pinCode: string;
  /** Edit only: remove the saved PIN. */
  removePin: boolean;
  weight: string;
  teamId: number;
  hasSettingsAccess: boolean;
  status: number;
};

export interface MemberFieldsProps {
  values: MemberValues;
  errors: Record<string, string | undefined>;
  teams: readonly Team[];
  /** The member being edited has a PIN: the field replaces it, and it can be removed. */
  hasPin: boolean;
  /** Settings access is the admin's to grant (D6). */
  showSettingsAccess: boolean;
  /** The signed-in member cannot change their own status (D6). */
  showStatus: boolean;
  onChange(patch: Partial<MemberValues>): void;
}

/** The member form's fields, each shown by its rule in device-mode.md §2 "Team member form". */
export function MemberFields({
  values,
  errors,
  teams,
  hasPin,
  showSettingsAccess,
  showStatus,
  onChange,
}: MemberFieldsProps) {
  const { t } = useTranslation('team');
  const [pinShown, setPinShown] = useState(false);
  return (
    <>
      <DeviceField
        id="member-display-name"
        label={t('form.displayName')}
        value={values.displayName}
        error={errors.displayName}
        onChange={(event) => onChange({ displayName: event.currentTarget.value })}
      />
      <DeviceField
        id="member-full-name"
        label={t('form.fullName')}
        value={values.fullName}
        error={errors.fullName}
        onChange={(event) => onChange({ fullName: event.currentTarget.value })}
      />
      <div className="team__pin">
        <DeviceField
          id="member-pin"
          label={hasPin ? t('form.newPin') : t('form.pin')}
          type={pinShown ? 'text' : 'password'}
          inputMode="numeric"
          autoComplete="off"
          value={values.pinCode}
          error={errors.pinCode}
          disabled={values.removePin}
          onChange={(event) => onChange({ pinCode: event.currentTarget.value })}
        />
        <Button variant="secondary" aria-pressed={pinShown} onClick={() => setPinShown(!pinShown)}>
          {pinShown ? t('form.hidePin') : t('form.showPin')}
        </Button>
      </div>
      {hasPin && (
        <CheckboxField
          label={t('form.removePin')}
          checked={values.removePin}
          onChange={(checked) => onChange({ removePin: checked, ...(checked ? { pinCode: '' } : {}) })}
        />
      )}
      <DeviceField
        id="member-weight"
        label={t('form.weight')}
        inputMode="numeric"
        value={values.weight}
        error={errors.weight}
        onChange={(event) => onChange({ weight: event.currentTarget.value })}
      />
      {teams.length > 0 && (
        <div className="field">
          <label className="field__label" htmlFor="member-team">
            {t('form.team')}
          </label>
          <select
            id="member-team"
            className="field__control"
            value={values.teamId}
            onChange={(event) => onChange({ teamId: Number(event.currentTarget.value) })}
          >
            <option value={NONE_TEAM_ID}>{t('form.noTeam')}</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {showSettingsAccess && (
        <CheckboxField
          label={t('form.settingsAccess')}
          checked={values.hasSettingsAccess}
          onChange={(checked) => onChange({ hasSettingsAccess: checked })}
        />
      )}
      {showStatus && (
        <fieldset className="field team__status-field">
          <legend className="field__label">{t('form.status')}</legend>
          {[TeamMemberStatus.INACTIVE, TeamMemberStatus.ACTIVE].map((status) => (
            <label key={status} className="choices__row choices__row--single">
              <input
                type="radio"
                name="member-status"
                checked={values.status === status}
                onChange={() => onChange({ status })}
              />
              <span>{status === TeamMemberStatus.ACTIVE ? t('list.active') : t('list.inactive')}</span>
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
