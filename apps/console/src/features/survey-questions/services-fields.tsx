import { Checkbox, Fieldset, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { ExperienceServiceConfig, ServiceSubQuestionConfig } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import type { QuestionFaults } from './faults';
import { IdTextList, type ItemEdit, ItemList } from './item-list';
import { nextTextId } from './options';
import { memoPart, type PartProps } from './section-props';

const SUB_KINDS = ['rating', 'text', 'choices'] as const;

/** A new service: one required rating sub-question (a service needs at least one). */
export const newService = (ids: readonly string[]): ExperienceServiceConfig => ({
  id: nextTextId('service', ids),
  name: '',
  subQuestions: [{ id: 'rating', label: '', kind: 'rating', required: true, choices: [] }],
});

function ServiceEditor({
  service,
  faults,
  edit: { index, change, controls },
}: {
  service: ExperienceServiceConfig;
  faults: QuestionFaults;
  edit: ItemEdit<ExperienceServiceConfig>;
}) {
  const { t } = useTranslation();
  const at = `services.${index}`;
  const name = t('surveyEditor.question.serviceN', { n: index + 1 });
  const subs = service.subQuestions;
  return (
    <Fieldset legend={name}>
      <Stack gap="xs">
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('surveyEditor.question.serviceName', { n: index + 1 })}
            value={service.name}
            error={faults.at(`${at}.name`) ?? faults.at(`${at}.id`)}
            onChange={(event) => change({ name: event.currentTarget.value })}
          />
          {controls(name)}
        </Group>
        <ItemList
          items={subs}
          onChange={(subQuestions) => change({ subQuestions })}
          keyOf={(sub) => sub.id}
          removable={subs.length > 1}
          addLabel={t('surveyEditor.question.addServiceSub', { n: index + 1 })}
          added={(): ServiceSubQuestionConfig => ({
            id: nextTextId(
              'sub',
              subs.map((s) => s.id),
            ),
            label: '',
            kind: 'text',
            required: false,
            choices: [],
          })}
        >
          {(sub, { index: s, change: changeSub, controls: subControls }) => {
            const subAt = `${at}.subQuestions.${s}`;
            const subName = t('surveyEditor.question.serviceSubN', { n: s + 1, service: index + 1 });
            return (
              <Fieldset legend={subName} variant="filled">
                <Stack gap="xs">
                  <Group align="flex-end" wrap="wrap">
                    <NativeSelect
                      label={t('surveyEditor.question.subType')}
                      value={sub.kind}
                      data={SUB_KINDS.map((kind) => ({
                        value: kind,
                        label: t(`surveyEditor.question.subKinds.${kind}`),
                      }))}
                      onChange={(event) => {
                        const kind = event.currentTarget.value as ServiceSubQuestionConfig['kind'];
                        changeSub({ kind, choices: kind === 'choices' ? sub.choices : [] });
                      }}
                    />
                    <TextInput
                      style={{ flex: 1 }}
                      label={t('surveyEditor.question.label')}
                      value={sub.label}
                      error={faults.at(`${subAt}.label`) ?? faults.at(`${subAt}.id`)}
                      onChange={(event) => changeSub({ label: event.currentTarget.value })}
                    />
                    <Checkbox
                      label={t('surveyEditor.question.required')}
                      checked={sub.required}
                      onChange={(event) => changeSub({ required: event.currentTarget.checked })}
                    />
                    {subControls(subName)}
                  </Group>
                  {sub.kind === 'choices' && (
                    <IdTextList
                      legend={t('surveyEditor.question.choices')}
                      itemLabel={(n) => t('surveyEditor.question.choiceN', { n })}
                      addLabel={t('surveyEditor.question.addChoice')}
                      items={sub.choices}
                      faults={faults}
                      path={`${subAt}.choices`}
                      onChange={(choices) => changeSub({ choices })}
                    />
                  )}
                </Stack>
              </Fieldset>
            );
          }}
        </ItemList>
      </Stack>
    </Fieldset>
  );
}

/** The overall-experience list (G2, decision 0176): services, each with the sub-questions of its modal. */
function ServicesView({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  const services = question.services;
  if (services === null) return null;
  return (
    <ItemList
      legend={t('surveyEditor.question.services')}
      items={services}
      onChange={(next) => update({ services: next.length === 0 ? null : next })}
      keyOf={(service) => service.id}
      addLabel={t('surveyEditor.question.addService')}
      added={() => newService(services.map((s) => s.id))}
    >
      {(service, edit) => <ServiceEditor service={service} faults={faults} edit={edit} />}
    </ItemList>
  );
}

export const ServicesFields = memoPart(ServicesView, ['services']);
