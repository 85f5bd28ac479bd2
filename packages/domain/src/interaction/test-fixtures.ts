import { AspectRating } from '../enums';
import type { MenuInsightConfig } from '../schemas/question';

const { BAD, NEUTRAL, GOOD } = AspectRating;

/** A menu-insight question with follow-ups: reasons always, comments unless the dish was good. */
export const menuInsightConfig: MenuInsightConfig = {
  menuType: 1,
  mode: 1,
  menuFamilyGroupRef: null,
  menuMajorGroupRef: null,
  followUpQuestion: true,
  subQuestions: [
    { id: 'reasons', type: 'reasons', label: 'Why?', props: {}, required: false, showIf: null },
    {
      id: 'comments',
      type: 'comments',
      label: 'Tell us more',
      props: {},
      required: true,
      showIf: { aspectRatingId: null, oppositeId: GOOD, hide: false },
    },
  ],
  reasonSections: [
    { aspectRatingId: GOOD, title: 'Liked', showIf: null, reasons: [{ id: 1, text: 'Tasty' }] },
    {
      aspectRatingId: BAD,
      title: 'Wrong',
      showIf: null,
      reasons: [
        { id: 2, text: 'Cold' },
        { id: 3, text: 'Bland' },
      ],
    },
    {
      aspectRatingId: NEUTRAL,
      title: 'Better',
      showIf: null,
      reasons: [
        { id: 2, text: 'Cold' },
        { id: 4, text: 'Small' },
      ],
    },
    {
      aspectRatingId: NEUTRAL,
      title: 'Hidden for neutral',
      showIf: { aspectRatingId: NEUTRAL, oppositeId: null, hide: true },
      reasons: [{ id: 5, text: 'Never' }],
    },
  ],
};
