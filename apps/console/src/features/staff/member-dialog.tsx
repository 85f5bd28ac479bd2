import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  canSaveTeamMember,
  NONE_TEAM_ID,
  type StaffMember,
  TEAM_MEMBER_FORM_DEFAULTS,
  type Team,
  TeamMemberStatus,
  validateTeamMember,
} from '@venue-voice/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldFaults } from '../../platform/failures';
import { ConfirmAction } from '../../ui/confirm-action';
import { failureText } from '../../ui/failure-text';
import { faultText } from '../../ui/field-faults';
import { type StaffInput, staffApi } from './staff-api';

interface MemberDialogProps {
  branchId: number;
  /** The member edited, or null to add one. */
  member: StaffMember | null;
  members: readonly StaffMember[];
  teams: readonly Team[];
  onClose(): void;
}

const FIELDS = ['displayName', 'fullName', 'pinCode', 'weight'] as const;

/**
 * Adds or edits a member with the tablet's rules (D5, the domain's validateTeamMember) and its messages
 * (the catalogue keys, translated); the server checks the same rules and answers the same keys.
 */
export function MemberDialog({ branchId, member, members, teams, onClose }: MemberDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    displayName: member?.displayName ?? TEAM_MEMBER_FORM_DEFAULTS.displayName,
    fullName: member?.fullName ?? TEAM_MEMBER_FORM_DEFAULTS.fullName,
    pinCode: '',
    removePin: false,
    weight: member ? String(member.weight) : TEAM_MEMBER_FORM_DEFAULTS.weight,
    teamId: member?.teamId ?? NONE_TEAM_ID,
    hasSettingsAccess: member?.hasSettingsAccess ?? false,
    active: (member?.status ?? TeamMemberStatus.ACTIVE) === TeamMemberStatus.ACTIVE,
    permission: false,
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const local = validateTeamMember(values, { members, editingId: member?.id ?? null });
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const fault = local[field];
    return submitted && fault ? faultText(fault, t) : serverErrors[field];
  };
  const set = (patch: Partial<typeof values>) => setValues((now) => ({ ...now, ...patch }));

  const save = useMutation({
    mutationFn: async () => {
      const pin = values.pinCode.trim();
      const input: StaffInput = {
        displayName: values.displayName.trim(),
        fullName: values.fullName.trim(),
        weight: Number(values.weight),
        teamId: values.teamId,
        status: values.active ? TeamMemberStatus.ACTIVE : TeamMemberStatus.INACTIVE,
        hasSettingsAccess: values.hasSettingsAccess,
        // An empty PIN field keeps the saved PIN; a new member without one has none.
        ...(pin ? { pinCode: pin } : values.removePin || !member ? { pinCode: null } : {}),
      };
      const saved = member ? await staffApi.save(member.id, input) : await staffApi.add(branchId, input);
      if (photo) await staffApi.uploadPhoto(saved.member.id, photo);
      return saved;
    },
    onSuccess: async () => {
      notifications.show({ color: 'green', message: member ? t('staff.saved') : t('staff.added') });
      await queryClient.invalidateQueries({ queryKey: ['staff', branchId] });
      onClose();
    },
    onError: (error) => {
      const errors: Partial<Record<string, string>> = {};
      let other: string | null = null;
      for (const fault of fieldFaults(error)) {
        if ((FIELDS as readonly string[]).includes(fault.field)) errors[fault.field] = faultText(fault, t);
        else other ??= faultText(fault, t);
      }
      setServerErrors(errors);
      setProblem(other ?? (Object.keys(errors).length > 0 ? null : failureText(error, t)));
    },
  });
  const remove = useMutation({
    mutationFn: () => staffApi.remove(member?.id ?? 0),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('staff.deleted') });
      await queryClient.invalidateQueries({ queryKey: ['staff', branchId] });
      onClose();
    },
    onError: (error) => setProblem(failureText(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setProblem(null);
    if (Object.keys(local).length === 0 && values.permission) save.mutate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={member ? t('staff.editTitle', { name: member.displayName }) : t('staff.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('staff.displayName')}
              required
              data-autofocus
              value={values.displayName}
              error={errorOf('displayName')}
              onChange={(event) => set({ displayName: event.currentTarget.value })}
            />
            <TextInput
              label={t('staff.fullName')}
              required
              value={values.fullName}
              error={errorOf('fullName')}
              onChange={(event) => set({ fullName: event.currentTarget.value })}
            />
            <PasswordInput
              label={member?.hasPin ? t('staff.newPin') : t('staff.pin')}
              inputMode="numeric"
              autoComplete="off"
              value={values.pinCode}
              error={errorOf('pinCode')}
              visibilityToggleButtonProps={{ 'aria-label': t('staff.showPin') }}
              onChange={(event) => set({ pinCode: event.currentTarget.value })}
            />
            <TextInput
              label={t('staff.weight')}
              inputMode="numeric"
              value={values.weight}
              error={errorOf('weight')}
              onChange={(event) => set({ weight: event.currentTarget.value })}
            />
            {teams.length > 0 && (
              <Select
                label={t('staff.team')}
                data={[
                  { value: String(NONE_TEAM_ID), label: t('staff.noTeam') },
                  // The list may name None itself (id 0): it is offered once.
                  ...teams
                    .filter((team) => team.id !== NONE_TEAM_ID)
                    .map((team) => ({ value: String(team.id), label: team.name })),
                ]}
                value={String(values.teamId)}
                allowDeselect={false}
                onChange={(value) => set({ teamId: Number(value ?? NONE_TEAM_ID) })}
              />
            )}
            <FileInput
              label={t('staff.photo')}
              description={t('staff.photoHint')}
              accept="image/png,image/jpeg,image/webp,image/heic,image/heif"
              value={photo}
              onChange={setPhoto}
              clearable
              clearButtonProps={{ 'aria-label': t('staff.photoClear') }}
            />
          </SimpleGrid>
          {member?.hasPin && (
            <Checkbox
              label={t('staff.removePin')}
              checked={values.removePin}
              onChange={(event) => set({ removePin: event.currentTarget.checked })}
            />
          )}
          <Switch
            label={t('staff.settingsAccess')}
            checked={values.hasSettingsAccess}
            onChange={(event) => set({ hasSettingsAccess: event.currentTarget.checked })}
          />
          <Switch
            label={t('staff.activeLabel')}
            checked={values.active}
            onChange={(event) => set({ active: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('staff.permission')}
            checked={values.permission}
            error={submitted && !values.permission ? t('staff.permissionRequired') : undefined}
            onChange={(event) => set({ permission: event.currentTarget.checked })}
          />
          <Group justify="space-between">
            {member ? (
              <ConfirmAction
                variant="default"
                color="red.8"
                loading={remove.isPending}
                title={t('staff.deleteTitle', { name: member.displayName })}
                text={t('staff.deleteText')}
                confirm={t('common.delete')}
                danger
                onConfirm={() => remove.mutate()}
              >
                {t('common.delete')}
              </ConfirmAction>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!canSaveTeamMember(values)}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
