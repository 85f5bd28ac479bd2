import { Group, Stack, Text } from '@mantine/core';
import { SocialType } from '@venue-voice/domain';
import {
  AddButton,
  enumOptions,
  PartForm,
  RemoveInline,
  SelectField,
  SwitchField,
  TextField,
} from '../fields';
import { IndicatorRuleFields } from './indicator-rule';
import { usePart, useSurveyField } from './use-part';

/** What follows the questions: the manager's feedback, the recommendation and the review sites to share on. */
export function SharingForm() {
  const { t, s } = usePart('sharing');
  const [sites, setSites] = useSurveyField('reviewSites');
  return (
    <PartForm title={t('surveyEditor.parts.sharing')} intro={s('intro')}>
      <SwitchField path="survey.managerFeedback.enabled" label={s('managerFeedback')} />
      <IndicatorRuleFields path="survey.managerFeedback.indicatorRule" legend={s('managerFeedbackRule')} />
      <SwitchField path="survey.recommendation.enabled" label={s('recommendation')} />
      <IndicatorRuleFields path="survey.recommendation.indicatorRule" legend={s('recommendationRule')} />
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {s('reviewSites')}
        </Text>
        {sites.map((site, n) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
            key={`${site.type}-${n}`}
            align="flex-end"
            wrap="nowrap"
          >
            <SelectField
              path={`survey.reviewSites.${n}.type`}
              label={s('site')}
              options={enumOptions(SocialType, (name) => s(`sites.${name}`))}
            />
            <TextField path={`survey.reviewSites.${n}.url`} label={s('url')} />
            <RemoveInline onClick={() => setSites((list) => list.filter((_, m) => m !== n))} />
          </Group>
        ))}
        <AddButton
          label={s('addSite')}
          onClick={() => setSites((list) => [...list, { type: SocialType.GOOGLE, url: 'https://' }])}
        />
      </Stack>
    </PartForm>
  );
}
