import {
  beginStatusToggle,
  canOpenSettings,
  RoutePath,
  statusToggleBody,
  teamList,
  teamListEmpty,
  warnOnTeamClose,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isAppMode, signedInMember, useDevice } from '../../platform/device-session';
import { typedPinOf } from '../../platform/typed-pin';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toasts';
import { TabletBranding } from '../device';
import { StaffPinModal } from '../kiosk';
import { MemberCard } from './member-card';
import { MemberForm } from './member-form';
import { refreshDeviceStaff, teamApi } from './team-api';
import { teamFailureText } from './team-errors';
import { type TeamMember, useTeam } from './use-team';
import './team.css';

type Editing = null | { mode: 'add' } | { mode: 'update'; member: TeamMember };

/**
 * /manage_team (D2 "Manage team screen"): the branch's members, searched and sorted by the domain's
 * `teamList`, each with its status toggle; the member form adds and edits. Online only.
 */
export function ManageTeamScreen() {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const device = useDevice((store) => store.state);
  const online = device.hasConnectivity;
  const member = signedInMember(device);
  // The server acts as the signed-in member, by the PIN they typed: without a manager who typed one
  // since the app loaded it would refuse (D6, decision 0197).
  const manager = member !== null && canOpenSettings(member) && typedPinOf(member.id) !== null;
  // Without one (a reload forgets the typed PIN), a manager signs in here; the sign-in re-renders.
  const [signingIn, setSigningIn] = useState(!manager);
  const [, setSignIns] = useState(0);
  const { staff, teams, refetch, setStaff } = useTeam(isAppMode(device) && online && manager);
  const [search, setSearch] = useState('');
  const [toggling, setToggling] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [warning, setWarning] = useState(false);
  if (!isAppMode(device)) return <Navigate to={RoutePath.REGISTER} replace />;

  const members = staff.data ?? [];
  const shown = teamList(members, search);
  const empty = teamListEmpty(members.length, shown.length);
  const leave = () => navigate(RoutePath.STAFF);
  const close = () => (staff.data && warnOnTeamClose(members) ? setWarning(true) : leave());

  const toggle = async (member: TeamMember) => {
    const inFlight = beginStatusToggle(toggling, member.id);
    if (inFlight === null) return;
    setToggling(inFlight);
    const body = statusToggleBody(member) as { id: number; status: TeamMember['status'] };
    try {
      await teamApi.setStaffStatus(body.id, body.status);
      setStaff((now) => now.map((m) => (m.id === body.id ? { ...m, status: body.status } : m)));
      refreshDeviceStaff();
    } catch (error) {
      showToast({ text: teamFailureText(error, t), tone: 'warning' });
    } finally {
      setToggling(null);
    }
  };
  const saved = (action: 'add' | 'update' | 'delete', id: number) => {
    if (action === 'delete') setStaff((now) => now.filter((m) => m.id !== id));
    else {
      void refetch();
      setSearch('');
    }
    showToast({ text: t(`form.done.${action}`), tone: 'success' });
    setEditing(null);
    refreshDeviceStaff();
  };

  return (
    <main className="staff team" id="main">
      <TabletBranding />
      {/* The staff home's venue band (docs/design.md "Tablet (kiosk)"), Close where Settings is there. */}
      <header className="staff__header team__band">
        <div className="staff__bar">
          <div className="staff__venue">
            <h1 className="staff__title">{t('title')}</h1>
          </div>
          <Button variant="secondary" className="staff__settings" onClick={close}>
            {t('close')}
          </Button>
        </div>
      </header>
      <div className="staff__main">
        {!online ? (
          <p role="alert" className="staff__empty">
            {t('errors.offlineScreen')}
          </p>
        ) : !manager ? (
          <div role="alert" className="staff__empty team__notice">
            <p>{t('errors.noManager')}</p>
            <Button onClick={() => setSigningIn(true)}>{t('signIn')}</Button>
          </div>
        ) : staff.isPending ? (
          <div className="staff__empty">
            <LoadingStatus label={t('list.loading')} />
          </div>
        ) : staff.isError ? (
          <div role="alert" className="staff__empty team__notice">
            <p>{teamFailureText(staff.error, t)}</p>
            <Button variant="secondary" onClick={() => void staff.refetch()}>
              {t('list.retry')}
            </Button>
          </div>
        ) : (
          <>
            <div className="team__toolbar">
              <div className="field team__search">
                <label className="field__label" htmlFor="team-search">
                  {t('list.search')}
                </label>
                <input
                  id="team-search"
                  type="search"
                  className="field__control"
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                />
              </div>
              <Button className="team__add" onClick={() => setEditing({ mode: 'add' })}>
                {t('list.add')}
              </Button>
            </div>
            {empty ? (
              <p role="status" className="staff__empty">
                {t(`list.${empty}`)}
              </p>
            ) : (
              <ul className="team__grid" aria-label={t('list.members')}>
                {shown.map((member) => (
                  <MemberCard
                    key={member.id}
                    member={member}
                    loggedInMember={device.loggedInMember}
                    toggling={toggling !== null}
                    onEdit={(m) => setEditing({ mode: 'update', member: m })}
                    onToggle={(m) => void toggle(m)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <StaffPinModal
        open={online && !manager && signingIn}
        managerOnly
        onClose={() => setSigningIn(false)}
        onSignedIn={() => {
          setSigningIn(false);
          setSignIns((n) => n + 1);
        }}
      />
      {editing && (
        <MemberForm
          mode={editing.mode}
          member={editing.mode === 'update' ? editing.member : null}
          members={members}
          teams={teams}
          loggedInMember={device.loggedInMember}
          isAdmin={device.authUser.isAdmin}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal
        open={warning}
        title={t('warning.title')}
        closeLabel={t('close')}
        onRequestClose={() => setWarning(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setWarning(false)}>
              {t('warning.stay')}
            </Button>
            <Button onClick={leave}>{t('warning.leave')}</Button>
          </>
        }
      >
        <p>{t('warning.text')}</p>
      </Modal>
    </main>
  );
}
