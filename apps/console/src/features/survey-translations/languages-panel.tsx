import {
  Alert,
  Checkbox,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { Language } from '@venue-voice/domain';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../ui/language-picker';

interface LanguagesProps {
  own: Language;
  offered: Language[];
  /** How many texts each language other than the survey's own lacks. */
  missing: Partial<Record<Language, number>>;
  readOnly: boolean;
  onOffer: (languages: string[]) => void;
}

/**
 * The languages a guest may take the survey in (the survey's own always) and what each lacks (O15.22).
 * Memoised: typing a translation renders it again only when a count changes.
 */
export const LanguagesPanel = memo(function LanguagesPanel({
  own,
  offered,
  missing,
  readOnly,
  onOffer,
}: LanguagesProps) {
  const { t } = useTranslation();
  const lacking = offered.filter((l) => (missing[l] ?? 0) > 0);
  return (
    <Paper className="console-card" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('surveyTranslations.languages')}
        </Title>
        <Checkbox.Group
          label={t('surveyTranslations.offered')}
          description={t('surveyTranslations.offeredHint')}
          value={offered}
          onChange={onOffer}
        >
          <Group mt="xs">
            {Language.map((l) => (
              <Checkbox
                key={l}
                value={l}
                label={
                  l === own
                    ? t('surveyTranslations.ownLanguage', { language: LANGUAGE_NAMES[l] })
                    : LANGUAGE_NAMES[l]
                }
                disabled={l === own || readOnly}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <List aria-label={t('surveyTranslations.missingTitle')} spacing={4}>
          {Language.filter((l) => l !== own).map((l) => (
            <List.Item key={l}>
              {(missing[l] ?? 0) === 0
                ? t('surveyTranslations.complete', { language: LANGUAGE_NAMES[l] })
                : t('surveyTranslations.missingCount', { language: LANGUAGE_NAMES[l], count: missing[l] })}
              {!offered.includes(l) && ` (${t('surveyTranslations.notOffered')})`}
            </List.Item>
          ))}
        </List>
        {lacking.length > 0 && (
          <Alert color="yellow" role="status">
            {t('surveyTranslations.blocked', { languages: lacking.map((l) => LANGUAGE_NAMES[l]).join(', ') })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
});

interface BarProps {
  choices: Language[];
  language: Language;
  missingOnly: boolean;
  onLanguage: (language: Language) => void;
  onMissingOnly: (on: boolean) => void;
}

/** The language to translate into, and "Missing only". */
export const TranslateBar = memo(function TranslateBar(props: BarProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          {t('surveyTranslations.translateInto')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={props.language}
          onChange={(value) => {
            const chosen = props.choices.find((l) => l === value);
            if (chosen) props.onLanguage(chosen);
          }}
          data={props.choices.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        />
      </Stack>
      <Switch
        label={t('surveyTranslations.missingOnly')}
        checked={props.missingOnly}
        onChange={(event) => props.onMissingOnly(event.currentTarget.checked)}
      />
    </Group>
  );
});
