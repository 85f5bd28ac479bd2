import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_KINDS,
  ALERT_RECIPIENTS_MAX,
  ALERT_WORDS_MAX,
  type AlertKind,
  type AlertRule,
  type AlertRuleCreate,
  alertRuleFaults,
  canChangeAlertRule,
  mayReceiveAlerts,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldFaults } from '../../platform/failures';
import { scopeOf, useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { faultText } from '../../ui/field-faults';
import { type AlertRules, alertsApi } from './alerts-api';

/** The branch select's value for a rule of the whole company. */
const ALL = 'all';

/**
 * Adds a rule (`rule` null) or changes one: its kind and what the kind needs (an indicator and score, or
 * words), its branch or all (O1.6: all is the owner's), recipients who may see that branch (O1.7),
 * whether it opens a case, and whether it is on. The domain's O9.7 is checked before the server's.
 */
export function RuleDialog({
  rule,
  choices,
  onClose,
}: {
  rule: AlertRule | null;
  choices: AlertRules;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const scope = scopeOf(me);
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const branches = [
    ...(canChangeAlertRule(scope, null) ? [{ value: ALL, label: t('alerts.allBranches') }] : []),
    ...me.branches
      .filter((b) => canChangeAlertRule(scope, b.id))
      .map((b) => ({ value: String(b.id), label: b.name })),
  ];
  const form = useForm({
    initialValues: {
      name: rule?.name ?? '',
      kind: (rule?.kind ?? 'complaint') as AlertKind,
      branch: rule ? (rule.branchId === null ? ALL : String(rule.branchId)) : (branches[0]?.value ?? ALL),
      indicatorId: rule?.indicatorId ? String(rule.indicatorId) : null,
      maxScore: (rule?.maxScore ?? '') as number | string,
      words: rule?.words ?? [],
      recipientIds: (rule?.recipientIds ?? []).map(String),
      opensCase: rule?.opensCase ?? true,
      active: rule?.active ?? true,
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.name.trim()) errors.name = t('form.required');
      if (values.recipientIds.length === 0) errors.recipientIds = t('form.required');
      for (const fault of alertRuleFaults(bodyOf(values))) errors[fault.field] = t(fault.key);
      return errors;
    },
  });
  const branchId = form.values.branch === ALL ? null : Number(form.values.branch);
  // O1.7: only operators who see the rule's branch (all of them, for a company-wide rule) may be named.
  const recipients = choices.recipients
    .filter((o) => mayReceiveAlerts({ ...o, companyId: me.company.id }, me.company.id, branchId))
    .map((o) => ({ value: String(o.id), label: o.name ? `${o.name} <${o.email}>` : o.email }));
  const indicator = choices.indicators.find((i) => String(i.id) === form.values.indicatorId);

  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      rule ? alertsApi.save(rule.id, bodyOf(values)) : alertsApi.add(bodyOf(values)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('alerts.saved') });
      await queryClient.invalidateQueries({ queryKey: ['alert-rules'] });
      onClose();
    },
    onError: (error) => {
      const faults = fieldFaults(error);
      const named = (id: unknown) => choices.recipients.find((o) => o.id === id)?.name ?? `#${String(id)}`;
      const byField = new Map<string, string[]>();
      for (const fault of faults) {
        const params =
          fault.field === 'recipientIds' ? { name: named(fault.params?.operatorId) } : fault.params;
        const text = faultText({ key: fault.key, ...(params ? { params } : {}) }, t);
        byField.set(fault.field, [...(byField.get(fault.field) ?? []), text]);
      }
      const fields = Object.keys(form.values);
      for (const [field, texts] of byField)
        if (fields.includes(field)) form.setFieldError(field, texts.join(' '));
      const rest = [...byField].filter(([field]) => !fields.includes(field));
      setProblem(rest[0]?.[1][0] ?? (faults.length > 0 ? null : failureText(error, t)));
    },
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={rule ? t('alerts.editTitle', { name: rule.name }) : t('alerts.addTitle')}
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
          <TextInput label={t('alerts.name')} required data-autofocus {...form.getInputProps('name')} />
          <Select
            label={t('alerts.kind')}
            description={t(`alerts.kindHints.${form.values.kind}`)}
            data={ALERT_KINDS.map((kind) => ({ value: kind, label: t(`alerts.kinds.${kind}`) }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
          {form.values.kind === 'indicator' && (
            <Group grow align="flex-start">
              <Select
                label={t('alerts.indicator')}
                data={choices.indicators.map((i) => ({
                  value: String(i.id),
                  label: `${i.name} (${i.surveys.join(', ')})`,
                }))}
                required
                searchable
                {...form.getInputProps('indicatorId')}
              />
              <NumberInput
                label={t('alerts.maxScore')}
                description={
                  indicator ? t('alerts.maxScoreHint', { min: indicator.min, max: indicator.max }) : undefined
                }
                min={indicator?.min ?? 0}
                max={indicator?.max ?? 10}
                allowDecimal={false}
                required
                {...form.getInputProps('maxScore')}
              />
            </Group>
          )}
          {form.values.kind === 'words' && (
            <TagsInput
              label={t('alerts.words')}
              description={t('alerts.wordsHint')}
              maxTags={ALERT_WORDS_MAX}
              required
              {...form.getInputProps('words')}
            />
          )}
          <Select
            label={t('alerts.branch')}
            data={branches}
            allowDeselect={false}
            {...form.getInputProps('branch')}
          />
          <MultiSelect
            label={t('alerts.recipients')}
            description={t('alerts.recipientsHint')}
            data={recipients}
            maxValues={ALERT_RECIPIENTS_MAX}
            searchable
            required
            {...form.getInputProps('recipientIds')}
          />
          <Switch label={t('alerts.opensCase')} {...form.getInputProps('opensCase', { type: 'checkbox' })} />
          <Switch label={t('alerts.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface FormValues {
  name: string;
  kind: AlertKind;
  branch: string;
  indicatorId: string | null;
  maxScore: number | string;
  words: string[];
  recipientIds: string[];
  opensCase: boolean;
  active: boolean;
}

/** The form as the API's body: only what the kind uses (the rest null or empty, O9.7). */
function bodyOf(values: FormValues): AlertRuleCreate {
  const indicator = values.kind === 'indicator';
  return {
    name: values.name.trim(),
    kind: values.kind,
    branchId: values.branch === ALL ? null : Number(values.branch),
    indicatorId: indicator && values.indicatorId ? Number(values.indicatorId) : null,
    maxScore: indicator && values.maxScore !== '' ? Number(values.maxScore) : null,
    words: values.kind === 'words' ? values.words.map((w) => w.trim()).filter(Boolean) : [],
    recipientIds: values.recipientIds.map(Number),
    opensCase: values.opensCase,
    active: values.active,
  };
}
