import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField, PartForm } from '../fields';
import { IndicatorRuleFields } from './indicator-rule';

const KINDS = ['other', 'contextSensitive', 'productRelated', 'drilldown', 'menuInsight'] as const;

/**
 * Eligibility on the survey's level (G4): how many questions of each kind a guest is asked at most, each
 * kind gated by an indicator rule; the survey's own maximum is in its settings.
 */
export function LimitsForm() {
  const { t } = useTranslation();
  return (
    <PartForm title={t('surveyEditor.parts.limits')} intro={t('surveyEditor.limits.intro')}>
      {KINDS.map((kind) => {
        const at = `survey.maxima.${kind}`;
        const name = t(`surveyEditor.limits.${kind}`);
        return (
          <Stack key={kind} gap="sm">
            <Title order={3} size="h5">
              {name}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberField
                path={`${at}.maximum`}
                label={t('surveyEditor.limits.maximum', { kind: name })}
                min={0}
              />
              {kind === 'drilldown' && (
                <NumberField
                  path={`${at}.maximumPerIndicator`}
                  label={t('surveyEditor.limits.perIndicator')}
                  min={0}
                />
              )}
            </SimpleGrid>
            <IndicatorRuleFields
              path={`${at}.indicatorRule`}
              legend={t('surveyEditor.limits.rule', { kind: name })}
            />
          </Stack>
        );
      })}
    </PartForm>
  );
}
