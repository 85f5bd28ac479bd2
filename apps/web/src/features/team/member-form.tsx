import {
  canSaveTeamMember,
  NONE_TEAM_ID,
  TEAM_MEMBER_FORM_DEFAULTS,
  type Team,
  TeamMemberStatus,
  teamMemberSchema,
  validateTeamMember,
} from '@venue-voice/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { Modal } from '../../ui/modal';
import { MemberFields, type MemberValues } from './member-fields';
import { MemberPhoto, type PhotoChange } from './member-photo';
import { teamApi } from './team-api';
import { serverFieldErrors, teamFailureText } from './team-errors';
import type { TeamMember } from './use-team';

export interface MemberFormProps {
  mode: 'add' | 'update';
  member: TeamMember | null;
  members: readonly TeamMember[];
  teams: readonly Team[];
  loggedInMember: number | null;
  isAdmin: boolean;
  onSaved(action: 'add' | 'update' | 'delete', id: number): void;
  onClose(): void;
}

type Step = 'edit' | 'permission' | 'saving' | 'confirmDelete' | 'deleting';

const initialValues = (member: TeamMember | null): MemberValues =>
  member
    ? {
        displayName: member.displayName,
        fullName: member.fullName,
        // Write-only (decision 0197): the tablet never knows a member's PIN; typing one replaces it.
        pinCode: '',
        removePin: false,
        weight: String(member.weight),
        teamId: member.teamId,
        hasSettingsAccess: member.hasSettingsAccess,
        status: member.status,
      }
    : {
        ...TEAM_MEMBER_FORM_DEFAULTS,
        removePin: false,
        teamId: NONE_TEAM_ID,
        hasSettingsAccess: false,
        status: TeamMemberStatus.ACTIVE,
      };

/** The team member form (D2, D5): every field by its visibility rule, express permission, save and delete. */
export function MemberForm({
  mode,
  member,
  members,
  teams,
  loggedInMember,
  isAdmin,
  onSaved,
  onClose,
}: MemberFormProps) {
  const { t } = useTranslation('team');
  const [values, setValues] = useState(() => initialValues(member));
  const [step, setStep] = useState<Step>('edit');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'keep' });
  const context = { members, editingId: member?.id ?? null };
  const own = member !== null && member.id === loggedInMember;
  const localErrors = validateTeamMember(values, context);
  const errors = Object.fromEntries(
    (['displayName', 'fullName', 'pinCode', 'weight'] as const).map((field) => {
      const local = localErrors[field];
      return [
        field,
        submitted && local ? t(local.key, { ns: 'translation', ...local.params }) : serverErrors[field],
      ];
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setFailure(null);
    if (Object.keys(localErrors).length === 0) setStep('permission');
  };
  const save = async () => {
    setStep('saving');
    const { removePin, ...typed } = values;
    const { pinCode: newPin, ...fields } = teamMemberSchema(context).parse(typed);
    // An empty PIN field keeps the saved PIN: pinCode is sent only to set one or, when asked, remove it.
    const pin = newPin !== null || mode === 'add' || removePin ? { pinCode: newPin } : {};
    const parsed = {
      ...fields,
      ...pin,
      ...(photo.kind === 'new' ? { image: photo.image } : {}),
      ...(photo.kind === 'delete' ? { deleteImage: true } : {}),
    };
    try {
      const { id } =
        mode === 'add' || !member
          ? await teamApi.addStaff(parsed)
          : await teamApi.updateStaff(member.id, parsed);
      onSaved(mode, id);
    } catch (error) {
      setServerErrors(serverFieldErrors(error, t));
      setFailure(teamFailureText(error, t));
      setStep('edit');
    }
  };
  const remove = async () => {
    if (!member) return;
    setStep('deleting');
    try {
      await teamApi.deleteStaff(member.id);
      onSaved('delete', member.id);
    } catch (error) {
      setFailure(teamFailureText(error, t));
      setStep('edit');
    }
  };
  const busy = step === 'saving' || step === 'deleting';

  return (
    <Modal
      open
      title={mode === 'add' ? t('form.addTitle') : t('form.editTitle', { name: member?.displayName })}
      closeLabel={t('form.close')}
      onRequestClose={() => !busy && onClose()}
    >
      <form className="team__form" noValidate onSubmit={submit}>
        <MemberPhoto
          savedUrl={member?.thumbnailUrl ?? member?.imageUrl ?? null}
          change={photo}
          disabled={busy}
          onChange={setPhoto}
        />
        <MemberFields
          values={values}
          errors={errors}
          teams={teams}
          hasPin={mode === 'update' && member !== null && member.hasPin}
          showSettingsAccess={isAdmin}
          showStatus={!own}
          onChange={(patch) => setValues((now) => ({ ...now, ...patch }))}
        />
        {failure && (
          <p role="alert" className="device__error">
            {failure}
          </p>
        )}
        {busy && <LoadingStatus label={t(step === 'deleting' ? 'form.deleting' : `form.saving.${mode}`)} />}
        <div className="device__buttons">
          <Button type="submit" disabled={busy || !canSaveTeamMember(values)}>
            {t('form.save')}
          </Button>
          {mode === 'add' && (
            <Button variant="secondary" disabled={busy} onClick={onClose}>
              {t('form.cancel')}
            </Button>
          )}
          {mode === 'update' && !own && isAdmin && (
            <Button className="button--danger" disabled={busy} onClick={() => setStep('confirmDelete')}>
              {t('form.delete')}
            </Button>
          )}
        </div>
      </form>
      <Modal
        open={step === 'permission'}
        title={t('permission.title')}
        closeLabel={t('form.cancel')}
        onRequestClose={() => setStep('edit')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setStep('edit')}>
              {t('form.cancel')}
            </Button>
            <Button onClick={() => void save()}>{t('permission.confirm')}</Button>
          </>
        }
      >
        <p>{t('permission.text')}</p>
      </Modal>
      <Modal
        open={step === 'confirmDelete'}
        title={t('delete.title', { name: member?.displayName })}
        closeLabel={t('form.cancel')}
        onRequestClose={() => setStep('edit')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setStep('edit')}>
              {t('form.cancel')}
            </Button>
            <Button className="button--danger" onClick={() => void remove()}>
              {t('form.delete')}
            </Button>
          </>
        }
      >
        <p>{t('delete.text')}</p>
      </Modal>
    </Modal>
  );
}
