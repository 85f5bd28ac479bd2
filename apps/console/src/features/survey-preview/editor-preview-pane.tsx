import { Alert, Anchor, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Language, SurveyDocument } from '@venue-voice/domain';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureText } from '../../ui/failure-text';
import { EditorFrame } from './editor-frame';
import { EnginePanel } from './engine-panel';
import { LanguageChoice, MissingTexts, type PreviewSize, SizeChoice } from './preview-parts';
import { useEditorPreview } from './use-editor-preview';

interface PaneProps {
  id: number;
  /** The document as edited, saved or not. */
  document: SurveyDocument;
  onClose(): void;
}

/**
 * The survey editor's preview pane (issue 31 item 4, decision 0259): the guest app framed at phone size
 * (or tablet), following the unsaved document once edits pause, in any language, with Start again and the
 * Engine panel. While the document cannot run it keeps the last preview and says it is behind.
 */
export const EditorPreviewPane = memo(function EditorPreviewPane({ id, document, onClose }: PaneProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language | null>(null);
  const [size, setSize] = useState<PreviewSize>('phone');
  // A new frame each time it is asked to start again: it says it is ready and is sent the last answer.
  const [run, setRun] = useState(0);
  const preview = useEditorPreview(id, document, language);
  const { answer } = preview;
  const survey = answer?.config.surveys?.[0];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="editor-preview-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3" id="editor-preview-title">
            {t('surveyPreview.pane.title')}
          </Title>
          <Group gap="xs">
            <Anchor component={Link} to={`/surveys/${id}/preview`} size="sm">
              {t('surveyPreview.pane.full')}
            </Anchor>
            <Button variant="default" size="xs" onClick={onClose}>
              {t('surveyPreview.pane.close')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('surveyPreview.pane.intro')}
        </Text>
        <PaneStatus preview={preview} />
        {answer && (
          <>
            <Group gap="md" align="flex-end" wrap="wrap">
              <LanguageChoice answer={answer} onChange={setLanguage} />
              <SizeChoice size={size} onChange={setSize} />
              <Button variant="default" onClick={() => setRun((count) => count + 1)}>
                {t('surveyPreview.restart')}
              </Button>
            </Group>
            <MissingTexts id={id} answer={answer} />
            <EditorFrame key={run} answer={answer} size={size} />
            {survey && (
              <Box>
                <EnginePanel survey={survey} questions={answer.config.questions ?? []} />
              </Box>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
});

/** Whether the frame shows the document as typed: updating, behind (and why), or nothing yet. */
function PaneStatus({ preview }: { preview: ReturnType<typeof useEditorPreview> }) {
  const { t } = useTranslation();
  const { answer, faults, error, updating } = preview;
  if (faults.length > 0 || error) {
    return (
      <Alert color="yellow" role="status">
        {faults.length > 0
          ? t(answer ? 'surveyPreview.pane.behind' : 'surveyPreview.pane.cannotStart', {
              count: faults.length,
            })
          : t('surveyPreview.pane.failed', { reason: failureText(error, t) })}
      </Alert>
    );
  }
  return (
    <Group gap="xs" role="status" aria-live="polite" mih={20}>
      {updating && <Loader size="xs" aria-hidden />}
      <Text size="sm" c="dimmed">
        {updating ? t('surveyPreview.pane.updating') : answer ? t('surveyPreview.pane.upToDate') : ''}
      </Text>
    </Group>
  );
}
