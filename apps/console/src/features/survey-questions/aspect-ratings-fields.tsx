import { Fieldset, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { AspectRating, type AspectRatingConfig, ReasonMode } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { ItemList, ReasonList } from './item-list';
import { memoPart, type PartProps } from './section-props';

type Rating = AspectRatingConfig['aspectRatingId'];
const RATINGS = Object.values(AspectRating);
const NONE = '';

/**
 * A menu-insight question's aspect ratings (G3): per dish rating its opposite, reason mode (0, 1 or 2),
 * title and reasons, which the dish reports and the answer checks read.
 */
function AspectRatingsView({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  const list = question.aspectRatings;
  const set = (aspectRatings: AspectRatingConfig[]) => update({ aspectRatings });
  const free = RATINGS.find((r) => !list.some((a) => a.aspectRatingId === r));
  const ratingLabel = (r: number) => t(`surveyEditor.question.ratings.${r}`);
  return (
    <ItemList
      legend={t('surveyEditor.question.aspectRatings')}
      items={list}
      onChange={set}
      keyOf={(aspect) => aspect.aspectRatingId}
      addLabel={t('surveyEditor.question.addAspectRating')}
      added={
        free === undefined
          ? undefined
          : (): AspectRatingConfig => ({
              aspectRatingId: free,
              oppositeId: null,
              reasonMode: 0,
              title: '',
              reasons: [],
            })
      }
    >
      {(aspect, { index, change, controls }) => {
        const at = `aspectRatings.${index}`;
        const name = t('surveyEditor.question.aspectRatingN', { n: index + 1 });
        return (
          <Fieldset legend={name} variant="filled">
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  label={t('surveyEditor.question.aspectRating')}
                  value={String(aspect.aspectRatingId)}
                  data={RATINGS.map((r) => ({ value: String(r), label: ratingLabel(r) }))}
                  error={faults.at(`${at}.aspectRatingId`)}
                  onChange={(event) =>
                    change({ aspectRatingId: Number(event.currentTarget.value) as Rating })
                  }
                />
                <NativeSelect
                  label={t('surveyEditor.question.opposite')}
                  value={aspect.oppositeId === null ? NONE : String(aspect.oppositeId)}
                  data={[
                    { value: NONE, label: t('surveyEditor.question.none') },
                    ...RATINGS.map((r) => ({ value: String(r), label: ratingLabel(r) })),
                  ]}
                  error={faults.at(`${at}.oppositeId`)}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    change({ oppositeId: value === NONE ? null : (Number(value) as Rating) });
                  }}
                />
                <NativeSelect
                  label={t('surveyEditor.question.reasonMode')}
                  value={String(aspect.reasonMode)}
                  data={ReasonMode.map((mode) => ({ value: String(mode), label: String(mode) }))}
                  error={faults.at(`${at}.reasonMode`)}
                  onChange={(event) =>
                    change({
                      reasonMode: Number(event.currentTarget.value) as AspectRatingConfig['reasonMode'],
                    })
                  }
                />
                <TextInput
                  style={{ flex: 1 }}
                  label={t('surveyEditor.question.title')}
                  value={aspect.title}
                  error={faults.at(`${at}.title`)}
                  onChange={(event) => change({ title: event.currentTarget.value })}
                />
                {controls(name)}
              </Group>
              <ReasonList
                of={aspect}
                at={at}
                faults={faults}
                change={change}
                itemLabel={(n) => t('surveyEditor.question.aspectReasonN', { n, rating: index + 1 })}
              />
            </Stack>
          </Fieldset>
        );
      }}
    </ItemList>
  );
}

export const AspectRatingsFields = memoPart(AspectRatingsView, ['aspectRatings']);
