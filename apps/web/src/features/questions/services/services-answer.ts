import {
  type ExperienceServiceConfig,
  isServiceAnswered,
  type QuestionAnswer,
  type ServicesState,
} from '@venue-voice/domain';
import { choiceIds } from '../answers';

/** Saved services as the services reducer holds them: sub-answers by id, choices as the form's strings. */
export type SavedServices = ServicesState['answers'];
type ServiceValue = NonNullable<
  NonNullable<QuestionAnswer['extra']>['services']
>[number]['answers'][number]['value'];
type SubQuestion = ExperienceServiceConfig['subQuestions'][number];

/** The services an answer holds (`extra.services`, decision 0176), keyed by service id. */
export function savedServices(answer: QuestionAnswer | undefined): SavedServices {
  return Object.fromEntries(
    (answer?.extra?.services ?? []).map((service) => [
      service.id,
      Object.fromEntries(
        service.answers.map((sub) => [sub.id, Array.isArray(sub.value) ? sub.value.map(String) : sub.value]),
      ),
    ]),
  );
}

/** A sub-answer as the payload carries it, or undefined when it is not of the sub-question's kind. */
function payloadValue(sub: SubQuestion, value: unknown): ServiceValue | undefined {
  if (sub.kind === 'rating') return typeof value === 'number' ? value : undefined;
  if (sub.kind === 'text') return typeof value === 'string' ? value : undefined;
  return Array.isArray(value) ? choiceIds(value.map(String)) : undefined;
}

/**
 * The answer of the saved services, in the list's order, each with its answered sub-questions only
 * (G4.59: blank text and empty lists are no answer); no service saved is no answer.
 */
export function servicesAnswer(
  services: readonly ExperienceServiceConfig[],
  saved: SavedServices,
): QuestionAnswer {
  const list = services.flatMap((service) => {
    const values = saved[service.id] ?? {};
    const answers = service.subQuestions.flatMap((sub) => {
      const value = values[sub.id];
      const sent = isServiceAnswered(value) ? payloadValue(sub, value) : undefined;
      return sent === undefined ? [] : [{ id: sub.id, value: sent }];
    });
    return answers.length === 0 ? [] : [{ id: service.id, answers }];
  });
  return list.length === 0 ? {} : { extra: { services: list } };
}
