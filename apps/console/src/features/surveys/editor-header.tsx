import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmAction } from '../../ui/confirm-action';

interface EditorHeaderProps {
  id: number;
  editable: boolean;
  version: number;
  hasDraft: boolean;
  dirty: boolean;
  /** Faults remain (or are still being checked): publishing is refused (O15.24). */
  publishBlocked: boolean;
  busy: boolean;
  /** The preview pane beside the editor is open (decision 0259). */
  previewOpen: boolean;
  onPreview(): void;
  onSave(): void;
  onPublish(): void;
  onDiscard(): void;
  onHistory(): void;
}

/** The editor's state (version, draft, unsaved changes) and its actions. */
export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation();
  const { id, editable, version, hasDraft, dirty, publishBlocked, busy } = props;
  const state = dirty
    ? t('surveyEditor.state.unsaved')
    : hasDraft
      ? t('surveyEditor.state.saved')
      : t('surveyEditor.state.published');
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {t('surveyEditor.version', { version })}
        </Badge>
        {(hasDraft || dirty) && (
          <Badge variant="filled" color="yellow.4" autoContrast>
            {t('surveys.draft')}
          </Badge>
        )}
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {busy ? t('surveyEditor.state.working') : state}
        </Text>
      </Group>
      <Group gap="xs">
        <Button component={Link} to={`/surveys/${id}/translations`} variant="default">
          {t('surveyEditor.translations')}
        </Button>
        <Button
          variant={props.previewOpen ? 'light' : 'default'}
          aria-pressed={props.previewOpen}
          aria-controls={props.previewOpen ? 'editor-preview' : undefined}
          onClick={props.onPreview}
        >
          {t('surveyEditor.preview')}
        </Button>
        <Button variant="default" onClick={props.onHistory}>
          {t('surveyEditor.history.open')}
        </Button>
        {editable && (hasDraft || dirty) && (
          <ConfirmAction
            variant="default"
            color="red.8"
            danger
            disabled={busy}
            title={t('surveyEditor.discardTitle')}
            text={t('surveyEditor.discardText', { version })}
            confirm={t('surveyEditor.discard')}
            onConfirm={props.onDiscard}
          >
            {t('surveyEditor.discard')}
          </ConfirmAction>
        )}
        {editable && (
          <Button variant="default" disabled={!dirty || busy} onClick={props.onSave}>
            {t('surveyEditor.save')}
          </Button>
        )}
        {editable && (
          <Button
            disabled={publishBlocked || busy || !(hasDraft || dirty)}
            onClick={props.onPublish}
            title={publishBlocked ? t('surveyEditor.publishBlocked') : undefined}
          >
            {t('surveyEditor.publish')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
