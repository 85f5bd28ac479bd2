import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Language, NPS_GROUPS, RESPONSE_SOURCES } from '@venue-voice/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../platform/session';
import { choicesApi, type InboxFilters } from './inbox-api';

type Key = keyof InboxFilters;

/**
 * The inbox's filters as a form: what it shows comes from the address (`filters`), and "Apply" puts the
 * edited filters back into the address (one history entry, so Back returns to the filters before).
 */
export function FilterBar({
  filters,
  onApply,
}: {
  filters: InboxFilters;
  onApply: (filters: InboxFilters) => void;
}) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const [draft, setDraft] = useState<InboxFilters>(filters);
  const surveys = useQuery({ queryKey: ['inbox', 'surveys'], queryFn: choicesApi.surveys });
  const staff = useQuery({
    queryKey: ['inbox', 'staff', draft.branchId],
    queryFn: () => choicesApi.staff(draft.branchId ?? ''),
    enabled: draft.branchId !== undefined,
  });

  const set = (key: Key, value: string) =>
    setDraft((current) => {
      const next = { ...current };
      if (value === '') delete next[key];
      else next[key] = value;
      // A team member belongs to a branch: another branch's member would match nothing.
      if (key === 'branchId') delete next.staffId;
      return next;
    });
  const text = (key: Key, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      value={draft[key] ?? ''}
      onChange={(event) => set(key, event.currentTarget.value)}
      {...extra}
    />
  );
  const select = (key: Key, label: string, any: string, data: { value: string; label: string }[]) => (
    <NativeSelect
      label={label}
      value={draft[key] ?? ''}
      onChange={(event) => set(key, event.currentTarget.value)}
      data={[{ value: '', label: any }, ...data]}
    />
  );
  const toggle = (key: 'complaint' | 'comment' | 'photo') => (
    <Checkbox
      label={t(`inbox.${key}`)}
      checked={draft[key] === 'true'}
      onChange={(event) => set(key, event.currentTarget.checked ? 'true' : '')}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <Paper className="console-card" p="md" component="form" onSubmit={submit} aria-labelledby="inbox-filters">
      <Stack gap="sm">
        <Title order={2} size="h4" id="inbox-filters">
          {t('inbox.filters')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          {text('from', t('inbox.from'), { type: 'date' })}
          {text('to', t('inbox.to'), { type: 'date' })}
          {select(
            'branchId',
            t('inbox.branch'),
            t('inbox.allBranches'),
            me.branches.map((b) => ({ value: String(b.id), label: b.name })),
          )}
          {select(
            'surveyId',
            t('inbox.survey'),
            t('inbox.allSurveys'),
            (surveys.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          )}
          {select(
            'nps',
            t('inbox.nps'),
            t('inbox.anyNps'),
            NPS_GROUPS.map((group) => ({ value: group, label: t(`inbox.groups.${group}`) })),
          )}
          {text('csatMin', t('inbox.csatMin'), { inputMode: 'numeric' })}
          {text('csatMax', t('inbox.csatMax'), { inputMode: 'numeric' })}
          {text('indicatorId', t('inbox.indicator'), { inputMode: 'numeric' })}
          {text('scoreMin', t('inbox.scoreMin'), { inputMode: 'decimal' })}
          {text('scoreMax', t('inbox.scoreMax'), { inputMode: 'decimal' })}
          {draft.branchId === undefined ? (
            <NativeSelect
              label={t('inbox.staff')}
              description={t('inbox.staffNeedsBranch')}
              data={[{ value: '', label: t('inbox.anyStaff') }]}
              disabled
            />
          ) : (
            select(
              'staffId',
              t('inbox.staff'),
              t('inbox.anyStaff'),
              (staff.data ?? []).map((m) => ({ value: String(m.id), label: m.displayName })),
            )
          )}
          {text('dish', t('inbox.dish'))}
          {select(
            'language',
            t('inbox.language'),
            t('inbox.anyLanguage'),
            Language.map((language) => ({ value: language, label: t(`inbox.languages.${language}`) })),
          )}
          {select(
            'source',
            t('inbox.source'),
            t('inbox.anySource'),
            RESPONSE_SOURCES.map((source) => ({ value: source, label: t(`inbox.sources.${source}`) })),
          )}
        </SimpleGrid>
        {text('q', t('inbox.q'), { description: t('inbox.qHint'), type: 'search' })}
        <Group gap="lg">
          {toggle('complaint')}
          {toggle('comment')}
          {toggle('photo')}
        </Group>
        <Group gap="sm">
          <Button type="submit">{t('inbox.apply')}</Button>
          <Button variant="default" onClick={() => onApply({})}>
            {t('inbox.clear')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
