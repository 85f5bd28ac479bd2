import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { StaffFollowUpType, StaffRenderType } from '@venue-voice/domain';
import { nextId } from '../document-edit';
import {
  AddButton,
  enumOptions,
  NumberField,
  PartForm,
  RemoveInline,
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
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {s('tags')}
        </Text>
        {staff.tags.map((tag, n) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
            key={`${tag.id}-${n}`}
            align="flex-end"
            wrap="nowrap"
          >
            <TextField path={`survey.staffSelector.tags.${n}.text`} label={s('tag')} />
            <RemoveInline
              onClick={() => change((sel) => ({ ...sel, tags: sel.tags.filter((_, m) => m !== n) }))}
            />
          </Group>
        ))}
        <AddButton
          label={s('addTag')}
          onClick={() =>
            change((sel) => ({ ...sel, tags: [...sel.tags, { id: nextId(sel.tags), text: '' }] }))
          }
        />
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {s('filters')}
        </Text>
        {staff.filters.map((filter, n) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
            key={`${filter.id}-${n}`}
            align="flex-end"
            wrap="nowrap"
          >
            <TextField path={`survey.staffSelector.filters.${n}.label`} label={s('filterLabel')} />
            <NumberField
              path={`survey.staffSelector.filters.${n}.teamId`}
              label={s('filterTeam')}
              nullable
              min={0}
            />
            <RemoveInline
              onClick={() => change((sel) => ({ ...sel, filters: sel.filters.filter((_, m) => m !== n) }))}
            />
          </Group>
        ))}
        <AddButton
          label={s('addFilter')}
          onClick={() =>
            change((sel) => {
              const taken = new Set(sel.filters.map((f) => f.id));
              let n = sel.filters.length + 1;
              while (taken.has(`filter-${n}`)) n += 1;
              return { ...sel, filters: [...sel.filters, { id: `filter-${n}`, label: '', teamId: null }] };
            })
          }
        />
      </Stack>
    </PartForm>
  );
}
