import { Alert, Box, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { SurveyDocument, SurveyDocumentAnswer } from '@venue-voice/domain';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { EditorPreviewPane } from '../survey-preview';
import { blankQuestion, type QuestionKind } from '../survey-questions';
import { moveQuestion, setIn } from './document-edit';
import { DraftConflict } from './draft-conflict';
import { EditorProvider, type EditorValue } from './editor-context';
import { editorFaults, type Part, partOf, savable } from './editor-faults';
import { EditorHeader } from './editor-header';
import { EditorOutline } from './editor-outline';
import { FaultsSummary } from './faults-summary';
import { HistoryDialog } from './history-dialog';
import { LeaveGuard } from './leave-guard';
import { PartPane } from './part-pane';
import { QuestionPane } from './question-pane';
import { conflictOf, useDraft } from './use-draft';

/** How long typing pauses before the document is checked again (200 questions take ~10–20 ms). */
const CHECK_AFTER_MS = 150;

/** Where the editor remembers whether its preview pane was open. */
export const PREVIEW_OPEN_KEY = 'vv-console-editor-preview';

/**
 * The editor of one survey (issue 31): the whole document in one state, a memoised outline on the left,
 * the selected part's form alone on the right, and the faults computed from a deferred copy of the
 * document, so a keystroke re-renders one form and never waits for the checks (item 7).
 */
export function SurveyEditor({ id, answer }: { id: number; answer: SurveyDocumentAnswer }) {
  const { t } = useTranslation();
  const draft = useDraft(id, answer);
  const { document, setDocument } = draft;
  const editable = answer.editable;
  const [selected, setSelected] = useState<Part>('settings');
  const [history, setHistory] = useState(false);
  // Open or closed as the manager last left it, on this browser (O15.40's pane is a way of working).
  const [previewOpen, setPreviewOpen] = useLocalStorage({
    key: PREVIEW_OPEN_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const closePreview = useCallback(() => setPreviewOpen(false), [setPreviewOpen]);
  const [problem, setProblem] = useState<string | null>(null);
  const pane = useRef<HTMLDivElement>(null);
  const focusFault = useRef<string | null>(null);

  // The checks wait for a pause in typing, then run in a deferred render: a keystroke never waits for them.
  const [settled] = useDebouncedValue(document, CHECK_AFTER_MS);
  const deferred = useDeferredValue(settled);
  const checking = deferred !== document;
  const faults = useMemo(() => {
    const own = editorFaults(deferred);
    // The server's word (a slug already taken) stands beside the browser's until the next save.
    const extra = draft.serverFaults.filter((f) => !own.some((o) => o.path === f.path && o.key === f.key));
    return [...own, ...extra];
  }, [deferred, draft.serverFaults]);
  const faultCounts = useMemo(() => {
    const counts = new Map<Part, number>();
    for (const fault of faults) {
      const part = partOf(fault.path, deferred);
      counts.set(part, (counts.get(part) ?? 0) + 1);
    }
    return counts;
  }, [faults, deferred]);

  const sections = document.survey.sections;
  const outlineSections = useMemo(() => sections.map((s) => ({ id: s.id, name: s.name })), [sections]);
  const questions = document.questions;
  const outlineQuestions = useMemo(
    () => questions.map((q) => ({ id: q.id, text: q.text, sectionId: q.sectionId })),
    [questions],
  );

  const current = useRef(document);
  current.current = document;
  const onAdd = useCallback(
    (kind: QuestionKind) => {
      const question = blankQuestion(kind, current.current);
      setDocument((doc) => ({ ...doc, questions: [...doc.questions, question] }));
      setSelected(`q:${question.id}`);
    },
    [setDocument],
  );
  const onSelect = useCallback((part: Part) => setSelected(part), []);
  // A drop in the outline is the same edit as Move up / Move down (O15.51), by the questions' ids.
  const onMove = useCallback(
    (fromId: number, toId: number) =>
      setDocument((doc) => {
        const at = (id: number) => doc.questions.findIndex((q) => q.id === id);
        return { ...doc, questions: moveQuestion(doc.questions, at(fromId), at(toId)) };
      }),
    [setDocument],
  );
  const onFault = useCallback((part: Part, path: string) => {
    focusFault.current = path;
    setSelected(part);
  }, []);
  // A fault chosen in the summary: its field, once its part is drawn.
  useEffect(() => {
    if (focusFault.current === null) return;
    focusFault.current = null;
    const field = pane.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? pane.current)?.focus();
  });

  const set = useCallback(
    (path: string, value: unknown) => setDocument((doc) => setIn(doc, path, value)),
    [setDocument],
  );
  const context = useMemo<EditorValue>(
    () => ({ document, set, update: setDocument, faults, editable }),
    [document, set, setDocument, faults, editable],
  );

  const questionIndex = selected.startsWith('q:')
    ? document.questions.findIndex((q) => `q:${q.id}` === selected)
    : -1;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await action();
      notifications.show({
        color: 'green',
        message: done,
        closeButtonProps: { 'aria-label': t('common.close') },
      });
    } catch (error) {
      // A stale change is no problem to read but a choice to make: DraftConflict offers it.
      if (!conflictOf(error)) setProblem(failureText(error, t));
    }
  };
  const busy =
    draft.save.isPending || draft.publish.isPending || draft.discard.isPending || draft.overwrite.isPending;
  const actions = {
    save: () =>
      savable(faults)
        ? void run(() => draft.save.mutateAsync(document), t('surveyEditor.saved'))
        : setProblem(t('surveyEditor.notSavable')),
    publish: () =>
      void run(async () => {
        const { version } = await draft.publish.mutateAsync(document);
        return version;
      }, t('surveyEditor.publishedNow')),
    discard: () =>
      void run(async () => {
        if (draft.hasDraft) await draft.discard.mutateAsync();
        else setDocument(() => answer.published.document);
      }, t('surveyEditor.discarded')),
    reload: () => void run(draft.reload, t('surveyEditor.conflict.reloaded')),
    overwrite: () =>
      savable(faults)
        ? void run(() => draft.overwrite.mutateAsync(document), t('surveyEditor.conflict.overwritten'))
        : setProblem(t('surveyEditor.notSavable')),
    restore: (version: number) =>
      void run(
        async () => {
          try {
            await draft.restore.mutateAsync(version);
          } finally {
            // Refused too: what went wrong (or the conflict's choice) is on the editor, not behind the dialog.
            setHistory(false);
          }
        },
        t('surveyEditor.restored', { version }),
      ),
  };

  return (
    <Page title={answer.published.document.survey.name || t('surveyEditor.title')}>
      <EditorHeader
        id={id}
        editable={editable}
        version={draft.version}
        hasDraft={draft.hasDraft}
        dirty={draft.dirty}
        publishBlocked={faults.length > 0 || checking}
        busy={busy}
        previewOpen={previewOpen}
        onPreview={() => setPreviewOpen((open) => !open)}
        onSave={actions.save}
        onPublish={actions.publish}
        onDiscard={actions.discard}
        onHistory={() => setHistory(true)}
      />
      {problem && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setProblem(null)}
          closeButtonLabel={t('common.close')}
        >
          {problem}
        </Alert>
      )}
      {draft.conflict && (
        <DraftConflict busy={busy} onReload={actions.reload} onOverwrite={actions.overwrite} />
      )}
      {!editable && <Text>{t('surveyEditor.readOnly')}</Text>}
      <FaultsSummary faults={faults} document={deferred} onSelect={onFault} />
      {/* With the preview open: beside the editor from 1200 px (Mantine's lg), below it when narrower. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: previewOpen ? 7 : 12 }}>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4, lg: previewOpen ? 5 : 4 }}>
              <Paper withBorder p="xs" radius="md">
                <EditorOutline
                  sections={outlineSections}
                  questions={outlineQuestions}
                  selected={selected}
                  faultCounts={faultCounts}
                  editable={editable}
                  onSelect={onSelect}
                  onAdd={onAdd}
                  onMove={onMove}
                />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8, lg: previewOpen ? 7 : 8 }}>
              <Paper withBorder p="md" radius="md" ref={pane} tabIndex={-1}>
                {/* A viewer sees every field, none changeable: the fieldset disables them all at once. */}
                <Box component="fieldset" disabled={!editable} m={0} p={0} style={{ border: 0, minWidth: 0 }}>
                  <EditorProvider value={context}>
                    {questionIndex >= 0 ? (
                      <QuestionPane
                        document={document}
                        index={questionIndex}
                        faults={faults}
                        editable={editable}
                        setDocument={setDocument}
                        onDeleted={() => setSelected('questions')}
                      />
                    ) : selected === 'questions' || selected.startsWith('q:') ? (
                      <QuestionsOverview document={document} faults={faultCounts.get('questions') ?? 0} />
                    ) : (
                      <PartPane part={selected} />
                    )}
                  </EditorProvider>
                </Box>
              </Paper>
            </Grid.Col>
          </Grid>
        </Grid.Col>
        {previewOpen && (
          <Grid.Col span={{ base: 12, lg: 5 }} id="editor-preview">
            <EditorPreviewPane id={id} document={document} onClose={closePreview} />
          </Grid.Col>
        )}
      </Grid>
      <LeaveGuard dirty={draft.dirty} />
      {history && (
        <HistoryDialog
          id={id}
          editable={editable}
          hasDraft={draft.hasDraft || draft.dirty}
          onRestore={actions.restore}
          onClose={() => setHistory(false)}
        />
      )}
    </Page>
  );
}

function QuestionsOverview({ document, faults }: { document: SurveyDocument; faults: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('surveyEditor.parts.questions')}
      </Title>
      <Text>{t('surveyEditor.questionsIntro', { count: document.questions.length })}</Text>
      {faults > 0 && document.questions.length === 0 && <Text c="red.8">{t('editor.noQuestions')}</Text>}
    </Stack>
  );
}
