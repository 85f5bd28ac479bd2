import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { AspectRating, type MenuInsightSubQuestion } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';

type ShowIf = MenuInsightSubQuestion['showIf'];
type Rating = (typeof AspectRating)[keyof typeof AspectRating];

const ANY = '';
const RATINGS = Object.values(AspectRating);

/** Show-if (G3): shown for one dish rating (any when none), not with its opposite, or hidden instead. */
export function ShowIfFields({
  value,
  onChange,
  error,
  name,
}: {
  value: ShowIf;
  onChange: (value: ShowIf) => void;
  error: string | undefined;
  name: string;
}) {
  const { t } = useTranslation();
  const current = value ?? { aspectRatingId: null, oppositeId: null, hide: false };
  const set = (patch: Partial<NonNullable<ShowIf>>) => {
    const next = { ...current, ...patch };
    onChange(next.aspectRatingId === null && next.oppositeId === null && !next.hide ? null : next);
  };
  const ratingData = (none: string) => [
    { value: ANY, label: none },
    ...RATINGS.map((r) => ({ value: String(r), label: t(`surveyEditor.question.ratings.${r}`) })),
  ];
  const rating = (v: string) => (v === ANY ? null : (Number(v) as Rating));
  return (
    <Group align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('surveyEditor.question.showIf', { name })}
        value={current.aspectRatingId === null ? ANY : String(current.aspectRatingId)}
        data={ratingData(t('surveyEditor.question.anyRating'))}
        onChange={(event) => set({ aspectRatingId: rating(event.currentTarget.value) })}
      />
      <NativeSelect
        label={t('surveyEditor.question.showIfOpposite', { name })}
        value={current.oppositeId === null ? ANY : String(current.oppositeId)}
        data={ratingData(t('surveyEditor.question.none'))}
        error={error}
        onChange={(event) => set({ oppositeId: rating(event.currentTarget.value) })}
      />
      <Checkbox
        label={t('surveyEditor.question.showIfHide', { name })}
        checked={current.hide}
        onChange={(event) => set({ hide: event.currentTarget.checked })}
      />
    </Group>
  );
}
