import { Alert, Anchor, Box, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Language, type PreviewWhich, type SurveyPreviewAnswer } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LANGUAGE_NAMES } from '../../ui/language-picker';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { EnginePanel } from './engine-panel';
import { previewApi, previewPageUrl } from './preview-api';

/** The two screens a guest's survey is seen on (issue 31 item 4), in CSS pixels. */
export const PREVIEW_SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
} as const;
type PreviewSize = keyof typeof PREVIEW_SIZES;

/**
 * /surveys/:id/preview (decision 0258): the guest app itself in a frame at a phone's or a tablet's size, in
 * each language the survey offers, running the draft (or the published version) and storing nothing;
 * beside it, the Engine panel.
 */
export function SurveyPreviewScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [language, setLanguage] = useState<Language | null>(null);
  const [which, setWhich] = useState<PreviewWhich>('draft');
  const config = useQuery({
    queryKey: ['survey-preview', id, language, which],
    queryFn: () => previewApi.config(id, language, which),
    // The frame and the panel stay while another language or version loads.
    placeholderData: keepPreviousData,
  });
  return (
    <Page
      title={t('surveyPreview.title')}
      actions={
        <Anchor component={Link} to={`/surveys/${id}`}>
          {t('surveyPreview.backToEditor')}
        </Anchor>
      }
    >
      <Text c="dimmed">{t('surveyPreview.intro')}</Text>
      <QueryView query={config}>
        {(answer) => (
          <PreviewBody id={id} answer={answer} which={which} onWhich={setWhich} onLanguage={setLanguage} />
        )}
      </QueryView>
    </Page>
  );
}

interface BodyProps {
  id: number;
  answer: SurveyPreviewAnswer;
  which: PreviewWhich;
  onWhich(which: PreviewWhich): void;
  onLanguage(language: Language): void;
}

function PreviewBody({ id, answer, which, onWhich, onLanguage }: BodyProps) {
  const { t } = useTranslation();
  const [size, setSize] = useState<PreviewSize>('phone');
  // A new frame each time it is asked to start again (the preview keeps nothing across loads).
  const [run, setRun] = useState(0);
  const survey = answer.config.surveys?.[0];
  const { width, height } = PREVIEW_SIZES[size];
  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Choice
          label={t('surveyPreview.which')}
          value={which}
          data={[
            { value: 'draft', label: t('surveyPreview.draft') },
            { value: 'published', label: t('surveyPreview.published') },
          ]}
          onChange={(value) => onWhich(value as PreviewWhich)}
        />
        <Choice
          label={t('surveyPreview.language')}
          value={answer.language}
          // Every language: one the survey does not offer yet previews with its missing texts named.
          data={Language.map((value) => ({
            value,
            label: answer.languages.includes(value)
              ? LANGUAGE_NAMES[value]
              : t('surveyPreview.notOffered', { language: LANGUAGE_NAMES[value] }),
          }))}
          onChange={(value) => onLanguage(value as Language)}
        />
        <Choice
          label={t('surveyPreview.size')}
          value={size}
          data={[
            { value: 'phone', label: t('surveyPreview.phone') },
            { value: 'tablet', label: t('surveyPreview.tablet') },
          ]}
          onChange={(value) => setSize(value as PreviewSize)}
        />
        <Button variant="default" onClick={() => setRun((count) => count + 1)}>
          {t('surveyPreview.restart')}
        </Button>
      </Group>
      {which === 'draft' && answer.which === 'published' && <Text>{t('surveyPreview.noDraft')}</Text>}
      {answer.missingTexts.length > 0 && (
        <Alert color="yellow" role="status">
          {t('surveyPreview.missingTexts', {
            count: answer.missingTexts.length,
            language: LANGUAGE_NAMES[answer.language],
          })}{' '}
          <Anchor component={Link} to={`/surveys/${id}/translations`}>
            {t('surveyPreview.translate')}
          </Anchor>
        </Alert>
      )}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box style={{ overflow: 'auto', maxWidth: '100%' }}>
          <iframe
            key={`${answer.language}|${answer.which}|${run}`}
            title={t('surveyPreview.frameTitle', { size: t(`surveyPreview.${size}`) })}
            src={previewPageUrl(id, answer.language, answer.which)}
            width={width}
            height={height}
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 12, display: 'block' }}
          />
        </Box>
        {survey && (
          <Box style={{ flex: '1 1 320px', minWidth: 300 }}>
            <EnginePanel survey={survey} questions={answer.config.questions ?? []} />
          </Box>
        )}
      </Group>
    </Stack>
  );
}

interface ChoiceProps {
  label: string;
  value: string;
  data: { value: string; label: string }[];
  onChange(value: string): void;
}

/** A labelled segmented control: a group of radio buttons to assistive technology. */
function Choice({ label, value, data, onChange }: ChoiceProps) {
  return (
    <Stack gap={4} role="radiogroup" aria-label={label}>
      <Text size="sm" fw={500} aria-hidden>
        {label}
      </Text>
      <SegmentedControl value={value} data={data} onChange={onChange} />
    </Stack>
  );
}
