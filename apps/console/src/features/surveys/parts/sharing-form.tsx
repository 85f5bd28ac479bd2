import { SocialType } from '@venue-voice/domain';
import { enumOptions, InlineRows, PartForm, SelectField, SwitchField, TextField } from '../fields';
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
      <InlineRows
        title={s('reviewSites')}
        items={sites}
        keyOf={(site) => site.type}
        change={setSites}
        make={() => ({ type: SocialType.GOOGLE, url: 'https://' })}
        addLabel={s('addSite')}
        row={(_site, n) => (
          <>
            <SelectField
              path={`survey.reviewSites.${n}.type`}
              label={s('site')}
              options={enumOptions(SocialType, (name) => s(`sites.${name}`))}
            />
            <TextField path={`survey.reviewSites.${n}.url`} label={s('url')} />
          </>
        )}
      />
    </PartForm>
  );
}
