import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CASE_STATUSES,
  type CaseDetail,
  type CaseEvent,
  type CasePatch,
  type CaseStatus,
} from '@venue-voice/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatMoment } from '../../ui/dates';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults } from '../../ui/field-faults';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { ageText, dayText } from './case-text';
import { casesApi } from './cases-api';
import { CASE_COUNTS_KEY } from './use-case-counts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper className="console-card" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The case as the server answered a change: the screen, the list and the counts read it again. */
function useCaseChange<V>(id: string, run: (value: V) => Promise<CaseDetail>, done: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail) => {
      client.setQueryData(['cases', 'case', id], detail);
      void client.invalidateQueries({ queryKey: ['cases', 'list'] });
      // The navigation's count too: a case resolved, or given a later day, waits no more.
      void client.invalidateQueries({ queryKey: CASE_COUNTS_KEY });
      done();
    },
  });
}

function ResponseSummary({ c }: { c: CaseDetail }) {
  const { t } = useTranslation();
  const r = c.response;
  return (
    <Section title={t('cases.theResponse')}>
      <Text size="sm">
        {[c.branch?.name ?? t('cases.noBranch'), r.survey.name, r.visitDatetime.slice(0, 16)].join(' · ')}
      </Text>
      <Group gap="xs">
        {r.complaint && (
          <Badge color="red.9" variant="outline">
            {t('cases.complaint')}
          </Badge>
        )}
        {r.nps !== null && <Text size="sm">{t('cases.npsValue', { score: r.nps })}</Text>}
        {r.csat !== null && <Text size="sm">{t('cases.csatValue', { score: r.csat })}</Text>}
      </Group>
      {r.excerpt && <Text style={{ whiteSpace: 'pre-wrap' }}>“{r.excerpt}”</Text>}
      {c.rule && (
        <Text size="sm" c="dimmed">
          {t('cases.openedBy', { rule: c.rule, when: formatMoment(c.openedAt) })}
        </Text>
      )}
      <Anchor component={Link} to={`/responses/${r.id}`} w="fit-content">
        {t('cases.openResponse')}
      </Anchor>
    </Section>
  );
}

/** Status, owner and due day, saved together: each change a line of the timeline. */
function Manage({ c, id }: { c: CaseDetail; id: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CaseStatus>(c.status);
  const [owner, setOwner] = useState(c.owner ? String(c.owner.id) : '');
  const [due, setDue] = useState(c.dueOn ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCaseChange(
    id,
    (patch: CasePatch) => casesApi.change(id, patch),
    () => {
      notifications.show({ color: 'green', message: t('cases.saved') });
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const patch: CasePatch = {};
    if (status !== c.status) patch.status = status;
    if (owner !== (c.owner ? String(c.owner.id) : '')) patch.ownerId = owner === '' ? null : Number(owner);
    if (due !== (c.dueOn ?? '')) patch.dueOn = due === '' ? null : due;
    if (Object.keys(patch).length === 0) return;
    save.mutate(patch, {
      onError: (error) =>
        applyFieldFaults(
          error,
          ['status', 'ownerId', 'dueOn'],
          (field, message) => setErrors((now) => ({ ...now, [field]: message })),
          t,
        ),
    });
  };
  const fieldFailed = Object.keys(errors).length > 0;
  return (
    <Section title={t('cases.manage')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="md" align="flex-start">
            <NativeSelect
              label={t('cases.status')}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as CaseStatus)}
              data={CASE_STATUSES.map((s) => ({ value: s, label: t(`cases.statuses.${s}`) }))}
              error={errors.status}
            />
            <NativeSelect
              label={t('cases.owner')}
              value={owner}
              onChange={(event) => setOwner(event.currentTarget.value)}
              data={[
                { value: '', label: t('cases.nobody') },
                ...c.owners.map((o) => ({ value: String(o.id), label: o.name })),
              ]}
              error={errors.ownerId}
            />
            <TextInput
              type="date"
              label={t('cases.dueDate')}
              description={t('cases.dueHint')}
              value={due}
              onChange={(event) => setDue(event.currentTarget.value)}
              error={errors.dueOn}
            />
          </Group>
          {save.isError && !fieldFailed && (
            <Alert color="red" role="alert">
              {failureText(save.error, t)}
            </Alert>
          )}
          <Button type="submit" loading={save.isPending} w="fit-content">
            {t('cases.save')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

function Reply({ c, id }: { c: CaseDetail; id: string }) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useCaseChange(
    id,
    (reply: { subject?: string; body: string }) => casesApi.reply(id, reply),
    () => {
      setSubject('');
      setBody('');
      notifications.show({ color: 'green', message: t('cases.replySent') });
    },
  );
  if (!c.canReply) {
    return (
      <Section title={t('cases.reply')}>
        <Text role="note">
          {t(`cases.refusals.${c.replyRefusal ?? (c.canChange ? 'noContact' : 'readOnly')}`)}
        </Text>
      </Section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    send.mutate(subject.trim() ? { subject, body } : { body }, {
      onError: (error) =>
        applyFieldFaults(
          error,
          ['subject', 'body'],
          (field, message) => setErrors((now) => ({ ...now, [field]: message })),
          t,
        ),
    });
  };
  return (
    <Section title={t('cases.reply')}>
      <Text size="sm">{t('cases.replyTo', { email: c.replyTo })}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('cases.subject')}
            description={t('cases.subjectHint')}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={errors.subject}
          />
          <Textarea
            label={t('cases.message')}
            rows={5}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            error={errors.body}
          />
          {send.isError && Object.keys(errors).length === 0 && (
            <Alert color="red" role="alert">
              {failureText(send.error, t)}
            </Alert>
          )}
          <Button type="submit" loading={send.isPending} w="fit-content">
            {t('cases.send')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

function eventText(event: CaseEvent, t: ReturnType<typeof useTranslation>['t']): string {
  const who = event.operator?.name ?? t('cases.someone');
  switch (event.kind) {
    case 'note':
      return t('cases.events.note', { who });
    case 'reply':
      return t('cases.events.reply', { who, to: event.sentTo ?? '' });
    case 'status':
      return t('cases.events.status', { who, status: t(`cases.statuses.${event.body}`) });
    case 'owner':
      return event.body
        ? t('cases.events.owner', { who, owner: event.body })
        : t('cases.events.ownerNone', { who });
    case 'due':
      return event.body
        ? t('cases.events.due', { who, due: dayText(event.body) })
        : t('cases.events.dueNone', { who });
  }
}

function History({ c, id }: { c: CaseDetail; id: string }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useCaseChange(
    id,
    (text: string) => casesApi.note(id, text),
    () => setBody(''),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    add.mutate(body, {
      onError: (failure) => {
        let shown = false;
        applyFieldFaults(
          failure,
          ['body'],
          (_, message) => {
            shown = true;
            setError(message);
          },
          t,
        );
        if (!shown) setError(failureText(failure, t));
      },
    });
  };
  return (
    <Section title={t('cases.history')}>
      {c.events.length === 0 ? (
        <Text size="sm">{t('cases.noEvents')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={c.events.length}>
          {c.events.map((event) => (
            <Timeline.Item key={event.id} title={eventText(event, t)}>
              <Text size="xs" c="dimmed">
                {formatMoment(event.createdAt)}
              </Text>
              {(event.kind === 'note' || event.kind === 'reply') && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {event.body}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {c.canChange && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('cases.note')}
              rows={3}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" variant="light" loading={add.isPending} w="fit-content">
              {t('cases.addNote')}
            </Button>
          </Stack>
        </form>
      )}
    </Section>
  );
}

/** One case (issue 30 item 2): the response it is about, its status, owner and due day, the reply, the notes. */
export function CaseScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/cases';
  const query = useQuery({ queryKey: ['cases', 'case', id], queryFn: () => casesApi.get(id) });
  return (
    <Page title={t('cases.caseTitle', { id })}>
      <Anchor component={Link} to={from} w="fit-content">
        ← {t('cases.back')}
      </Anchor>
      <QueryView query={query}>
        {(c) => (
          <Stack gap="md">
            <Group gap="sm">
              <Badge variant="outline" color="dark">
                {t(`cases.statuses.${c.status}`)}
              </Badge>
              <Text size="sm">{t('cases.ageOf', { age: ageText(c.ageMs, t) })}</Text>
              {c.dueOn && <Text size="sm">{t('cases.dueOn', { due: dayText(c.dueOn) })}</Text>}
              {c.overdue && (
                <Badge color="red.9" variant="filled">
                  {t('cases.overdue')}
                </Badge>
              )}
            </Group>
            <ResponseSummary c={c} />
            {c.canChange ? (
              // Keyed by the last change: the form shows what was saved, also after another's change.
              <Manage key={`${c.status}-${c.owner?.id}-${c.dueOn}`} c={c} id={id} />
            ) : (
              <Text role="note">{t('cases.readOnly')}</Text>
            )}
            <Reply c={c} id={id} />
            <History c={c} id={id} />
          </Stack>
        )}
      </QueryView>
    </Page>
  );
}
