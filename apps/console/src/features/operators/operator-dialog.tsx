import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isEmail,
  type Language,
  OPERATOR_ROLES,
  type OperatorRole,
  roleAssignmentFault,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldFaults } from '../../platform/failures';
import { currentLanguage } from '../../platform/i18n';
import { useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults, faultText } from '../../ui/field-faults';
import { languageOptions } from '../../ui/language-picker';
import { type Operator, operatorsApi } from './operators-api';

/** Invites an operator (`operator` null) or changes one's name, role and branches (O1.5 checked first). */
export function OperatorDialog({ operator, onClose }: { operator: Operator | null; onClose(): void }) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      email: operator?.email ?? '',
      name: operator?.name ?? '',
      role: (operator?.role ?? 'manager') as OperatorRole,
      branchIds: (operator?.branchIds ?? []).map(String),
      language: currentLanguage() as string,
    },
    validate: {
      email: (value) => (operator || isEmail(value.trim()) ? null : t('form.email')),
      name: (value) => (value.trim() ? null : t('form.required')),
      branchIds: (value, values) => {
        const fault = roleAssignmentFault(values.role, values.role === 'owner' ? [] : value.map(Number));
        return fault ? t(fault) : null;
      },
    },
  });
  const save = useMutation({
    mutationFn: (values: typeof form.values) => {
      const branchIds = values.role === 'owner' ? [] : values.branchIds.map(Number);
      return operator
        ? operatorsApi.save(operator.id, { name: values.name.trim(), role: values.role, branchIds })
        : operatorsApi.invite({
            email: values.email.trim(),
            name: values.name.trim(),
            role: values.role,
            branchIds,
            language: values.language as Language,
          });
    },
    onSuccess: async (_, values) => {
      notifications.show({
        color: 'green',
        message: operator ? t('operators.saved') : t('operators.invited', { email: values.email.trim() }),
      });
      await queryClient.invalidateQueries({ queryKey: ['operators'] });
      onClose();
    },
    onError: (error) => {
      const rest = applyFieldFaults(error, Object.keys(form.values), form.setFieldError, t);
      setProblem(
        rest[0] ? faultText(rest[0], t) : fieldFaults(error).length > 0 ? null : failureText(error, t),
      );
    },
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={operator ? t('operators.editTitle', { name: operator.name }) : t('operators.inviteTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setProblem(null);
          save.mutate(values);
        })}
      >
        <Stack gap="md">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label={t('operators.email')}
            type="email"
            required
            disabled={operator !== null}
            data-autofocus
            {...form.getInputProps('email')}
          />
          <TextInput label={t('operators.name')} required {...form.getInputProps('name')} />
          <Select
            label={t('operators.role')}
            description={t(`operators.roleHints.${form.values.role}`)}
            data={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          {form.values.role !== 'owner' && (
            <MultiSelect
              label={t('operators.branches')}
              data={me.branches.map((branch) => ({ value: String(branch.id), label: branch.name }))}
              required
              {...form.getInputProps('branchIds')}
            />
          )}
          {!operator && (
            <Select
              label={t('operators.language')}
              description={t('operators.languageHint')}
              data={languageOptions}
              allowDeselect={false}
              {...form.getInputProps('language')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {operator ? t('common.save') : t('operators.sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
