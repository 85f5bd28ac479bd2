import { Button, Fieldset, Group, NativeSelect, Stack, TagsInput, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  AskQuestionWhen,
  type ContextFilter,
  ContextFilterType,
  EposProductType,
  QuestionType,
  ScoreDirection,
} from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { ItemControls, NumberField } from './fields';
import { moved, replaced, without } from './options';
import { memoPart, type PartProps } from './section-props';

const NONE = '';

/** Types about the guest's order (G4.16): they carry menu references and item numbers. */
export const PRODUCT_TYPES: readonly number[] = [
  QuestionType.PRODUCT,
  QuestionType.MENU,
  QuestionType.PRODUCT_SCORECARD,
];

/** One context filter (G4.25–G4.29): which figure, at or above / at or below, and the value. */
function FilterRow({
  filter,
  index,
  count,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  filter: ContextFilter;
  index: number;
  count: number;
  error: string | undefined;
  onChange: (filter: ContextFilter) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const known = (Object.values(ContextFilterType) as string[]).includes(filter.type);
  const item = t('surveyEditor.question.filterN', { n: index + 1 });
  return (
    <Group align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('surveyEditor.question.filterType', { n: index + 1 })}
        value={filter.type}
        data={[
          ...Object.values(ContextFilterType).map((type) => ({
            value: type,
            label: t(`surveyEditor.question.filterTypes.${type}`),
          })),
          ...(known ? [] : [{ value: filter.type, label: filter.type }]),
        ]}
        error={error}
        onChange={(event) => onChange({ ...filter, type: event.currentTarget.value })}
      />
      <NativeSelect
        label={t('surveyEditor.question.direction')}
        value={filter.direction === ScoreDirection.GREATER ? ScoreDirection.GREATER : ScoreDirection.LOWER}
        data={[
          { value: ScoreDirection.GREATER, label: t('surveyEditor.question.directions.g') },
          { value: ScoreDirection.LOWER, label: t('surveyEditor.question.directions.l') },
        ]}
        onChange={(event) => onChange({ ...filter, direction: event.currentTarget.value })}
      />
      <NumberField
        label={t('surveyEditor.question.filterValue')}
        value={filter.value}
        decimals
        w={120}
        onChange={(value) => onChange({ ...filter, value })}
      />
      <ItemControls item={item} index={index} count={count} onMove={onMove} onRemove={onRemove} />
    </Group>
  );
}

/**
 * When the question may be asked (G4.15–G4.29): its date range, with or without a transaction, the
 * context filters and, for questions about the order, the menu it is about.
 */
function EligibilityView({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  const filters = question.contextFilters;
  const setFilters = (contextFilters: ContextFilter[]) => update({ contextFilters });
  return (
    <Fieldset legend={t('surveyEditor.question.eligibility')}>
      <Stack gap="sm">
        <Group align="flex-start">
          <DateInput
            label={t('surveyEditor.question.dateRangeFrom')}
            value={question.dateRangeFrom}
            valueFormat="YYYY-MM-DD"
            clearable
            error={faults.at('dateRangeFrom')}
            onChange={(value) => update({ dateRangeFrom: value ? String(value).slice(0, 10) : null })}
            w={180}
          />
          <DateInput
            label={t('surveyEditor.question.dateRangeTo')}
            value={question.dateRangeTo}
            valueFormat="YYYY-MM-DD"
            clearable
            error={faults.at('dateRangeTo')}
            onChange={(value) => update({ dateRangeTo: value ? String(value).slice(0, 10) : null })}
            w={180}
          />
        </Group>
        <NativeSelect
          label={t('surveyEditor.question.txAskQuestion')}
          value={String(question.txAskQuestion)}
          data={Object.values(AskQuestionWhen).map((when) => ({
            value: String(when),
            label: t(`surveyEditor.question.tx.${when}`),
          }))}
          error={faults.at('txAskQuestion')}
          onChange={(event) =>
            update({ txAskQuestion: Number(event.currentTarget.value) as typeof question.txAskQuestion })
          }
        />
        <Fieldset legend={t('surveyEditor.question.contextFilters')} variant="unstyled">
          <Stack gap="xs">
            {filters.map((filter, index) => (
              <FilterRow
                // Filters have no id; their place is who they are.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                filter={filter}
                index={index}
                count={filters.length}
                error={faults.at(`contextFilters.${index}`)}
                onChange={(next) => setFilters(replaced(filters, index, next))}
                onMove={(delta) => setFilters(moved(filters, index, delta))}
                onRemove={() => setFilters(without(filters, index))}
              />
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() =>
                  setFilters([
                    ...filters,
                    { type: ContextFilterType.NUMBER_IN_PARTY, direction: ScoreDirection.GREATER, value: 2 },
                  ])
                }
              >
                {t('surveyEditor.question.addFilter')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        {PRODUCT_TYPES.includes(question.questionType) && (
          <MenuRefs question={question} faults={faults} update={update} />
        )}
      </Stack>
    </Fieldset>
  );
}

export const EligibilityFields = memoPart(EligibilityView, [
  'dateRangeFrom',
  'dateRangeTo',
  'txAskQuestion',
  'contextFilters',
  'questionType',
  'menuType',
  'menuFamilyGroupRef',
  'menuMajorGroupRef',
  'menuItemObjectNumbers',
]);

/** The menu a question about the order is about: a menu type, family or major group, item numbers. */
function MenuRefs({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  const text = (value: string) => (value.trim() === '' ? null : value);
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('surveyEditor.question.menuType')}
        value={question.menuType === null ? NONE : String(question.menuType)}
        data={[
          { value: NONE, label: t('surveyEditor.question.menuTypes.any') },
          ...Object.values(EposProductType).map((type) => ({
            value: String(type),
            label: t(`surveyEditor.question.menuTypes.${type}`),
          })),
        ]}
        error={faults.at('menuType')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          update({ menuType: value === NONE ? null : Number(value) });
        }}
      />
      <Group grow>
        <TextInput
          label={t('surveyEditor.question.menuFamilyGroupRef')}
          value={question.menuFamilyGroupRef ?? ''}
          error={faults.at('menuFamilyGroupRef')}
          onChange={(event) => update({ menuFamilyGroupRef: text(event.currentTarget.value) })}
        />
        <TextInput
          label={t('surveyEditor.question.menuMajorGroupRef')}
          value={question.menuMajorGroupRef ?? ''}
          error={faults.at('menuMajorGroupRef')}
          onChange={(event) => update({ menuMajorGroupRef: text(event.currentTarget.value) })}
        />
      </Group>
      <TagsInput
        label={t('surveyEditor.question.menuItemObjectNumbers')}
        value={question.menuItemObjectNumbers}
        error={faults.at('menuItemObjectNumbers')}
        onChange={(menuItemObjectNumbers) => update({ menuItemObjectNumbers })}
      />
    </Stack>
  );
}
