import { SimpleGrid } from '@mantine/core';
import { StaffFollowUpType, StaffRenderType } from '@venue-voice/domain';
import { nextId } from '../document-edit';
import {
  enumOptions,
  InlineRows,
  NumberField,
  PartForm,
  SelectField,
  SwitchField,
  TextField,
} from '../fields';
import { IndicatorRuleFields } from './indicator-rule';
import { usePart, useSurveyField } from './use-part';

/** The staff selector (G2): who looked after the guest, its follow-up tags, and the filters above the list. */
export function StaffForm() {
  const { t, s } = usePart('staff');
  const [staff, change] = useSurveyField('staffSelector');
  return (
    <PartForm title={t('surveyEditor.parts.staff')} intro={s('intro')}>
      <SwitchField path="survey.staffSelector.enabled" label={s('enabled')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          path="survey.staffSelector.renderType"
          label={s('renderType')}
          options={enumOptions(StaffRenderType, (name) => s(`render.${name}`))}
        />
        <SelectField
          path="survey.staffSelector.followup"
          label={s('followup')}
          options={enumOptions(StaffFollowUpType, (name) => s(`followups.${name}`))}
        />
      </SimpleGrid>
      <SwitchField path="survey.staffSelector.followupRequired" label={s('followupRequired')} />
      <IndicatorRuleFields path="survey.staffSelector.indicatorRule" legend={s('rule')} />
      <InlineRows
        title={s('tags')}
        items={staff.tags}
        keyOf={(tag) => tag.id}
        change={(edit) => change((sel) => ({ ...sel, tags: edit(sel.tags) }))}
        make={(tags) => ({ id: nextId(tags), text: '' })}
        addLabel={s('addTag')}
        row={(_tag, n) => <TextField path={`survey.staffSelector.tags.${n}.text`} label={s('tag')} />}
      />
      <InlineRows
        title={s('filters')}
        items={staff.filters}
        keyOf={(filter) => filter.id}
        change={(edit) => change((sel) => ({ ...sel, filters: edit(sel.filters) }))}
        make={(filters) => {
          const taken = new Set(filters.map((f) => f.id));
          let n = filters.length + 1;
          while (taken.has(`filter-${n}`)) n += 1;
          return { id: `filter-${n}`, label: '', teamId: null };
        }}
        addLabel={s('addFilter')}
        row={(_filter, n) => (
          <>
            <TextField path={`survey.staffSelector.filters.${n}.label`} label={s('filterLabel')} />
            <NumberField
              path={`survey.staffSelector.filters.${n}.teamId`}
              label={s('filterTeam')}
              nullable
              min={0}
            />
          </>
        )}
      />
    </PartForm>
  );
}
