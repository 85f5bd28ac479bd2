import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Language, type SurveyDocument, type SurveyDocumentAnswer, textEntries } from '@venue-voice/domain';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { conflictOf, DraftConflict, overwriteRevision, type StaleDraft, surveysApi } from '../surveys';
import { LanguagesPanel, TranslateBar } from './languages-panel';
import { placeFinder } from './text-places';
import { changeWork, documentWith, missingCounter, type TranslationWork, workOf } from './translation-work';
import { type TextRow, TranslationsTable } from './translations-table';

/** The query of one survey's document (published version and draft). */
const documentKey = (id: number) => ['surveys', id, 'document'] as const;

/** A survey's texts in each language (issue 31 item 2): what is missing, and the draft's translations. */
export function SurveyTranslationsScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  // The screen copies the texts into its own state: from the server's draft of now, never a cached answer
  // (the editor saves the draft too).
  const answer = useQuery({
    queryKey: documentKey(id),
    queryFn: () => surveysApi.document(id),
    refetchOnMount: 'always',
  });
  const name = answer.data ? (answer.data.draft ?? answer.data.published).document.survey.name : null;
  // Loading the latest after a conflict starts the editor again from it (its texts are its own state).
  const [generation, setGeneration] = useState(0);
  const queryClient = useQueryClient();
  const reload = useCallback(async () => {
    await queryClient.fetchQuery({
      queryKey: documentKey(id),
      queryFn: () => surveysApi.document(id),
      staleTime: 0,
    });
    setGeneration((n) => n + 1);
  }, [id, queryClient]);
  return (
    <Page title={name ? t('surveyTranslations.titleOf', { name }) : t('surveyTranslations.title')}>
      <Anchor component={Link} to={`/surveys/${id}`} w="fit-content">
        {t('surveyTranslations.back')}
      </Anchor>
      <QueryView query={answer} fresh>
        {(data) => <TranslationsEditor key={`${data.id}:${generation}`} answer={data} onReload={reload} />}
      </QueryView>
    </Page>
  );
}

/**
 * Works on the draft, or on the published version when there is none (saving makes the draft). A save
 * names the revision it was based on; refused as stale, the texts stay and the operator chooses (O15.53).
 */
function TranslationsEditor({
  answer,
  onReload,
}: {
  answer: SurveyDocumentAnswer;
  onReload(): Promise<void>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [base] = useState<SurveyDocument>(() => (answer.draft ?? answer.published).document);
  const own = base.survey.templateLocale;
  const others = useMemo(() => Language.filter((language) => language !== own), [own]);
  const [work, change] = useReducer(changeWork, base, workOf);
  const [language, setLanguage] = useState<Language>(others[0] ?? own);
  const [missingOnly, setMissingOnly] = useState(false);
  const readOnly = !answer.editable;

  // The texts and their places depend only on the survey and questions, which this screen does not change.
  const rows = useMemo<TextRow[]>(() => {
    const placeOf = placeFinder(base);
    return textEntries(base).map((entry) => ({ ...entry, place: placeOf(entry.key) }));
  }, [base]);
  const missingOf = useMemo(() => missingCounter(base), [base]);
  const missing = Object.fromEntries(others.map((l) => [l, missingOf(work, l)])) as Record<
    Language,
    string[]
  >;
  const chosenMissing = missing[language];
  const onlyKeys = useMemo(
    () => (missingOnly && chosenMissing ? new Set(chosenMissing) : null),
    [missingOnly, chosenMissing],
  );
  const onText = useCallback(
    (key: string, text: string) => change({ type: 'text', language, key, text }),
    [language],
  );
  // The counts as one value that changes only when a count does: the memoised panel renders again only then.
  const countsKey = others.map((l) => missing[l].length).join(',');
  const counts = useMemo(() => {
    const numbers = countsKey.split(',').map(Number);
    return Object.fromEntries(others.map((l, index) => [l, numbers[index] ?? 0])) as Partial<
      Record<Language, number>
    >;
  }, [countsKey, others]);
  const onOffer = useCallback((languages: string[]) => change({ type: 'offer', languages, own }), [own]);

  const revision = useRef(answer.revision);
  const save = useMutation({
    // `over`: the conflict the operator chose to overwrite.
    mutationFn: async ({ sent, over }: { sent: TranslationWork; over?: StaleDraft }) => {
      const on = over === undefined ? revision.current : await overwriteRevision(answer.id, over);
      return surveysApi.saveDraft(answer.id, documentWith(base, sent), on);
    },
    onSuccess: async (saved, { sent }) => {
      revision.current = saved?.revision ?? revision.current;
      change({ type: 'saved', sent });
      notifications.show({ color: 'green', message: t('surveyTranslations.saved') });
      await queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
  const conflict = save.isError ? conflictOf(save.error) : null;

  return (
    <Stack gap="lg">
      <Text>
        {answer.draft
          ? t('surveyTranslations.onDraft')
          : t('surveyTranslations.onPublished', { version: answer.published.version })}
      </Text>
      {!readOnly && (
        <Stack gap="sm">
          {conflict ? (
            <DraftConflict
              busy={save.isPending}
              onReload={() => void onReload()}
              onOverwrite={() => save.mutate({ sent: work, over: conflict })}
            />
          ) : (
            save.isError && (
              <Alert color="red" role="alert">
                {failureText(save.error, t)}
              </Alert>
            )
          )}
          <Group>
            <Button
              onClick={() => save.mutate({ sent: work })}
              loading={save.isPending}
              disabled={!work.dirty}
            >
              {t('surveyTranslations.save')}
            </Button>
            {work.dirty && <Text c="dimmed">{t('surveyTranslations.unsaved')}</Text>}
          </Group>
        </Stack>
      )}
      {readOnly && (
        <Alert color="blue" title={t('surveyTranslations.readOnlyTitle')}>
          {t('surveyTranslations.readOnly')}
        </Alert>
      )}
      <LanguagesPanel
        own={own}
        offered={work.languages}
        missing={counts}
        readOnly={readOnly}
        onOffer={onOffer}
      />
      <TranslateBar
        choices={others}
        language={language}
        missingOnly={missingOnly}
        onLanguage={setLanguage}
        onMissingOnly={setMissingOnly}
      />
      <TranslationsTable
        key={`${language}:${missingOnly}`}
        rows={rows}
        ownLanguage={own}
        language={language}
        texts={work.translations[language] ?? {}}
        onlyKeys={onlyKeys}
        readOnly={readOnly}
        onText={onText}
      />
    </Stack>
  );
}
