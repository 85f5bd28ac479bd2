import { Checkbox, Fieldset, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  AspectRating,
  EposProductType,
  type MenuInsightConfig,
  MenuInsightMode,
  type MenuInsightSubQuestion,
} from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import type { QuestionFaults } from './faults';
import { ItemList, ReasonList } from './item-list';
import { nextTextId } from './options';
import { memoPart, type PartProps } from './section-props';
import { ShowIfFields } from './show-if-fields';

type Rating = (typeof AspectRating)[keyof typeof AspectRating];

const ANY = '';
const RATINGS = Object.values(AspectRating);

interface ListProps {
  config: MenuInsightConfig;
  faults: QuestionFaults;
  set: (patch: Partial<MenuInsightConfig>) => void;
}

function SubQuestions({ config, faults, set }: ListProps) {
  const { t } = useTranslation();
  const subs = config.subQuestions;
  return (
    <ItemList
      legend={t('surveyEditor.question.subQuestions')}
      variant="unstyled"
      items={subs}
      onChange={(subQuestions) => set({ subQuestions })}
      keyOf={(sub) => sub.id}
      addLabel={t('surveyEditor.question.addSubQuestion')}
      added={(): MenuInsightSubQuestion => ({
        id: nextTextId(
          'sub',
          subs.map((s) => s.id),
        ),
        type: 'comments',
        label: '',
        props: {},
        required: false,
        showIf: null,
      })}
    >
      {(sub, { index, change, controls }) => {
        const at = `menuInsight.subQuestions.${index}`;
        const name = t('surveyEditor.question.subQuestionN', { n: index + 1 });
        return (
          <Fieldset legend={name}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  label={t('surveyEditor.question.subType')}
                  value={sub.type}
                  data={(['reasons', 'comments'] as const).map((type) => ({
                    value: type,
                    label: t(`surveyEditor.question.subTypes.${type}`),
                  }))}
                  error={faults.at(`${at}.type`)}
                  onChange={(event) =>
                    change({ type: event.currentTarget.value as MenuInsightSubQuestion['type'] })
                  }
                />
                <TextInput
                  style={{ flex: 1 }}
                  label={t('surveyEditor.question.label')}
                  value={sub.label}
                  error={faults.at(`${at}.label`) ?? faults.at(`${at}.id`)}
                  onChange={(event) => change({ label: event.currentTarget.value })}
                />
                <Checkbox
                  label={t('surveyEditor.question.required')}
                  checked={sub.required}
                  onChange={(event) => change({ required: event.currentTarget.checked })}
                />
                {controls(name)}
              </Group>
              <ShowIfFields
                name={name}
                value={sub.showIf}
                error={faults.at(`${at}.showIf`)}
                onChange={(showIf) => change({ showIf })}
              />
            </Stack>
          </Fieldset>
        );
      }}
    </ItemList>
  );
}

function ReasonSections({ config, faults, set }: ListProps) {
  const { t } = useTranslation();
  const sections = config.reasonSections;
  const free = RATINGS.find((r) => !sections.some((s) => s.aspectRatingId === r));
  return (
    <ItemList
      legend={t('surveyEditor.question.reasonSections')}
      variant="unstyled"
      items={sections}
      onChange={(reasonSections) => set({ reasonSections })}
      keyOf={(section) => section.aspectRatingId}
      addLabel={t('surveyEditor.question.addReasonSection')}
      added={
        free === undefined
          ? undefined
          : () => ({ aspectRatingId: free, title: '', showIf: null, reasons: [] })
      }
    >
      {(section, { index, change, controls }) => {
        const at = `menuInsight.reasonSections.${index}`;
        const name = t('surveyEditor.question.reasonSectionN', { n: index + 1 });
        return (
          <Fieldset legend={name}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  label={t('surveyEditor.question.aspectRating')}
                  value={String(section.aspectRatingId)}
                  data={RATINGS.map((r) => ({
                    value: String(r),
                    label: t(`surveyEditor.question.ratings.${r}`),
                  }))}
                  error={faults.at(`${at}.aspectRatingId`)}
                  onChange={(event) =>
                    change({ aspectRatingId: Number(event.currentTarget.value) as Rating })
                  }
                />
                <TextInput
                  style={{ flex: 1 }}
                  label={t('surveyEditor.question.title')}
                  value={section.title}
                  error={faults.at(`${at}.title`)}
                  onChange={(event) => change({ title: event.currentTarget.value })}
                />
                {controls(name)}
              </Group>
              <ShowIfFields
                name={name}
                value={section.showIf}
                error={faults.at(`${at}.showIf`)}
                onChange={(showIf) => change({ showIf })}
              />
              <ReasonList
                of={section}
                at={at}
                faults={faults}
                change={change}
                itemLabel={(n) => t('surveyEditor.question.reasonN', { n, section: index + 1 })}
              />
            </Stack>
          </Fieldset>
        );
      }}
    </ItemList>
  );
}

/**
 * Menu insight (G3, type 8): which dishes (a menu type, a family group or a major group), whether a
 * rating opens follow-up sub-questions, the sub-questions with their show-if, and the reasons per rating.
 */
function MenuInsightView({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  const config = question.menuInsight;
  if (config === null) return null;
  const set = (patch: Partial<MenuInsightConfig>) => update({ menuInsight: { ...config, ...patch } });
  const text = (value: string) => (value.trim() === '' ? null : value);
  return (
    <Fieldset legend={t('surveyEditor.question.menuInsight')}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('surveyEditor.question.mode')}
            value={String(config.mode)}
            data={Object.values(MenuInsightMode).map((mode) => ({
              value: String(mode),
              label: t(`surveyEditor.question.modes.${mode}`),
            }))}
            error={faults.at('menuInsight.mode')}
            onChange={(event) =>
              set({ mode: Number(event.currentTarget.value) as MenuInsightConfig['mode'] })
            }
          />
          {config.mode === MenuInsightMode.TYPE && (
            <NativeSelect
              label={t('surveyEditor.question.menuType')}
              value={config.menuType === null ? ANY : String(config.menuType)}
              data={[
                { value: ANY, label: t('surveyEditor.question.menuTypes.any') },
                ...Object.values(EposProductType).map((type) => ({
                  value: String(type),
                  label: t(`surveyEditor.question.menuTypes.${type}`),
                })),
              ]}
              error={faults.at('menuInsight.menuType')}
              onChange={(event) => {
                const value = event.currentTarget.value;
                set({ menuType: value === ANY ? null : Number(value) });
              }}
            />
          )}
          {config.mode === MenuInsightMode.FAMILY_GROUP && (
            <TextInput
              label={t('surveyEditor.question.menuFamilyGroupRef')}
              value={config.menuFamilyGroupRef ?? ''}
              error={faults.at('menuInsight.menuFamilyGroupRef')}
              onChange={(event) => set({ menuFamilyGroupRef: text(event.currentTarget.value) })}
            />
          )}
          {config.mode === MenuInsightMode.MAJOR_GROUP && (
            <TextInput
              label={t('surveyEditor.question.menuMajorGroupRef')}
              value={config.menuMajorGroupRef ?? ''}
              error={faults.at('menuInsight.menuMajorGroupRef')}
              onChange={(event) => set({ menuMajorGroupRef: text(event.currentTarget.value) })}
            />
          )}
        </Group>
        <Checkbox
          label={t('surveyEditor.question.followUpQuestion')}
          checked={config.followUpQuestion}
          onChange={(event) => set({ followUpQuestion: event.currentTarget.checked })}
        />
        <SubQuestions config={config} faults={faults} set={set} />
        <ReasonSections config={config} faults={faults} set={set} />
      </Stack>
    </Fieldset>
  );
}

export const MenuInsightFields = memoPart(MenuInsightView, ['menuInsight']);
