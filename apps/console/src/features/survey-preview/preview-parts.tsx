import { Alert, Anchor, Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Language, type SurveyPreviewAnswer } from '@venue-voice/domain';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGE_NAMES } from '../../ui/language-picker';

// The pieces the preview screen and the editor's preview pane share (decisions 0258, 0259).

/** The two screens a guest's survey is seen on (issue 31 item 4), in CSS pixels. */
export const PREVIEW_SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
} as const;
export type PreviewSize = keyof typeof PREVIEW_SIZES;

interface ChoiceProps {
  label: string;
  value: string;
  data: { value: string; label: string }[];
  onChange(value: string): void;
}

/** A labelled segmented control: a group of radio buttons to assistive technology. */
export function Choice({ label, value, data, onChange }: ChoiceProps) {
  return (
    <Stack gap={4} role="radiogroup" aria-label={label}>
      <Text size="sm" fw={500} aria-hidden>
        {label}
      </Text>
      <SegmentedControl value={value} data={data} onChange={onChange} />
    </Stack>
  );
}

/** Every language: one the survey does not offer yet previews with its missing texts named. */
export function LanguageChoice({
  answer,
  onChange,
}: {
  answer: SurveyPreviewAnswer;
  onChange(language: Language): void;
}) {
  const { t } = useTranslation();
  return (
    <Choice
      label={t('surveyPreview.language')}
      value={answer.language}
      data={Language.map((value) => ({
        value,
        label: answer.languages.includes(value)
          ? LANGUAGE_NAMES[value]
          : t('surveyPreview.notOffered', { language: LANGUAGE_NAMES[value] }),
      }))}
      onChange={(value) => onChange(value as Language)}
    />
  );
}

export function SizeChoice({ size, onChange }: { size: PreviewSize; onChange(size: PreviewSize): void }) {
  const { t } = useTranslation();
  return (
    <Choice
      label={t('surveyPreview.size')}
      value={size}
      data={[
        { value: 'phone', label: t('surveyPreview.phone') },
        { value: 'tablet', label: t('surveyPreview.tablet') },
      ]}
      onChange={(value) => onChange(value as PreviewSize)}
    />
  );
}

/** The texts the previewed language lacks (shown in the survey's own language), with a way to them. */
export function MissingTexts({ id, answer }: { id: number; answer: SurveyPreviewAnswer }) {
  const { t } = useTranslation();
  if (answer.missingTexts.length === 0) return null;
  return (
    <Alert color="yellow" role="status">
      {t('surveyPreview.missingTexts', {
        count: answer.missingTexts.length,
        language: LANGUAGE_NAMES[answer.language],
      })}{' '}
      <Anchor component={Link} to={`/surveys/${id}/translations`}>
        {t('surveyPreview.translate')}
      </Anchor>
    </Alert>
  );
}

interface GuestFrameProps {
  src: string;
  size: PreviewSize;
  /** Scaled down to the width it is given (the editor's pane), never up. */
  fit?: boolean;
  frameRef?: Ref<HTMLIFrameElement>;
}

/**
 * The guest app in a frame at a phone's or a tablet's size. Fitted, the frame keeps its size (the guest
 * app lays out for that screen) and is drawn smaller: a transform, in a box of the drawn size.
 */
export function GuestFrame({ src, size, fit = false, frameRef }: GuestFrameProps) {
  const { t } = useTranslation();
  const { ref, width: room } = useElementSize();
  const { width, height } = PREVIEW_SIZES[size];
  // Before it is measured (and in a test's DOM, which measures nothing) the room is 0: full size.
  const scale = fit && room > 0 ? Math.min(1, room / width) : 1;
  return (
    <Box
      ref={ref}
      style={{ overflow: fit ? 'hidden' : 'auto', maxWidth: '100%', width: fit ? '100%' : undefined }}
    >
      <Box style={{ width: width * scale, height: height * scale }}>
        <iframe
          ref={frameRef}
          title={t('surveyPreview.frameTitle', { size: t(`surveyPreview.${size}`) })}
          src={src}
          width={width}
          height={height}
          style={{
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 12,
            display: 'block',
            transform: scale < 1 ? `scale(${scale})` : undefined,
            transformOrigin: 'top left',
          }}
        />
      </Box>
    </Box>
  );
}
