import { Group, SimpleGrid } from '@mantine/core';
import { IndicatorKind, IndicatorRenderType, TopicType } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { nextId } from '../document-edit';
import { useEditor } from '../editor-context';
import {
  AddButton,
  enumOptions,
  InlineRows,
  ItemCard,
  NumberField,
  PartForm,
  RemoveInline,
  SelectField,
  SwitchField,
  TextField,
} from '../fields';
import { usePart, useSurveyField } from './use-part';

/** The survey's indicators (kind, weights, true range, CSAT weight, topics) and how ratings are drawn. */
export function IndicatorsForm() {
  const { t, s: i } = usePart('indicators');
  const [indicators, setIndicators] = useSurveyField('indicators');
  const add = () =>
    setIndicators((list) => [
      ...list,
      {
        id: nextId(list),
        name: '',
        kind: IndicatorKind.SURVEY_RATING,
        weight: 50,
        isRequired: false,
        trueMin: 1,
        trueMax: 5,
        csatWeight: 1,
        topics: [],
      },
    ]);
  return (
    <PartForm title={t('surveyEditor.parts.indicators')} intro={i('intro')}>
      <SelectField
        path="survey.indicatorsRenderType"
        label={i('renderType')}
        options={enumOptions(IndicatorRenderType, (name) => i(`render.${name}`))}
      />
      <RatingImages />
      {indicators.map((indicator, index) => (
        <ItemCard
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
          key={`${indicator.id}-${index}`}
          title={indicator.name || i('unnamed', { id: indicator.id })}
          path={`survey.indicators.${index}.id`}
          onRemove={() => setIndicators((list) => list.filter((_, n) => n !== index))}
        >
          <IndicatorFields index={index} />
        </ItemCard>
      ))}
      <AddButton label={i('add')} onClick={add} />
    </PartForm>
  );
}

function IndicatorFields({ index }: { index: number }) {
  const { t } = useTranslation();
  const { document, update } = useEditor();
  const at = `survey.indicators.${index}`;
  const i = (key: string) => t(`surveyEditor.indicators.${key}`);
  const topics = document.survey.indicators[index]?.topics ?? [];
  const setTopics = (change: (list: typeof topics) => typeof topics) =>
    update((doc) => ({
      ...doc,
      survey: {
        ...doc.survey,
        indicators: doc.survey.indicators.map((indicator, n) =>
          n === index ? { ...indicator, topics: change(indicator.topics) } : indicator,
        ),
      },
    }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField path={`${at}.name`} label={i('name')} />
        <SelectField
          path={`${at}.kind`}
          label={i('kind')}
          options={enumOptions(IndicatorKind, (name) => i(`kinds.${name}`))}
        />
        <NumberField path={`${at}.weight`} label={i('weight')} />
        <NumberField path={`${at}.csatWeight`} label={i('csatWeight')} min={0} decimals />
        <NumberField path={`${at}.trueMin`} label={i('trueMin')} decimals />
        <NumberField path={`${at}.trueMax`} label={i('trueMax')} decimals />
      </SimpleGrid>
      <SwitchField path={`${at}.isRequired`} label={i('required')} />
      <InlineRows
        title={i('topics')}
        items={topics}
        keyOf={(topic) => topic.id}
        change={setTopics}
        make={(list) => ({ id: nextId(list), name: '', type: TopicType.COMPLIMENT })}
        addLabel={i('addTopic')}
        row={(_topic, n) => (
          <>
            <TextField path={`${at}.topics.${n}.name`} label={i('topicName')} />
            <SelectField
              path={`${at}.topics.${n}.type`}
              label={i('topicType')}
              options={enumOptions(TopicType, (name) => i(`topicTypes.${name}`))}
            />
          </>
        )}
      />
    </>
  );
}

/** One image per value of the scale for custom ratings and emoji (O15.14). */
function RatingImages() {
  const { document, s: i } = usePart('indicators');
  const [images, setImages] = useSurveyField('ratingImages');
  const custom =
    document.survey.indicatorsRenderType === IndicatorRenderType.CUSTOM_RATING ||
    document.survey.indicatorsRenderType === IndicatorRenderType.CUSTOM_EMOJI;
  if (!custom && images.length === 0) return null;
  return (
    <ItemCard title={i('ratingImages')} path="survey.ratingImages">
      {images.map((image, n) => (
        <Group
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
          key={`${image.value}-${n}`}
          align="flex-end"
          wrap="nowrap"
        >
          <NumberField path={`survey.ratingImages.${n}.value`} label={i('imageValue')} min={1} max={10} />
          <TextField path={`survey.ratingImages.${n}.url`} label={i('imageUrl')} />
          <TextField path={`survey.ratingImages.${n}.label`} label={i('imageLabel')} />
          <RemoveInline onClick={() => setImages((list) => list.filter((_, m) => m !== n))} />
        </Group>
      ))}
      <AddButton
        label={i('addImage')}
        onClick={() =>
          setImages((list) => [
            ...list,
            { value: Math.min(10, Math.max(0, ...list.map((image) => image.value)) + 1), url: '', label: '' },
          ])
        }
      />
    </ItemCard>
  );
}
