import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { ExperienceServiceConfig, ServiceSubQuestionConfig } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import type { QuestionFaults } from './faults';
import { IdTextList, ItemControls } from './fields';
import { moved, nextTextId, replaced, without } from './options';
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
  index,
  count,
  faults,
  onChange,
  onMove,
  onRemove,
}: {
  service: ExperienceServiceConfig;
  index: number;
  count: number;
  faults: QuestionFaults;
  onChange: (service: ExperienceServiceConfig) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const at = `services.${index}`;
  const name = t('surveyEditor.question.serviceN', { n: index + 1 });
  const subs = service.subQuestions;
  const setSubs = (subQuestions: ServiceSubQuestionConfig[]) => onChange({ ...service, subQuestions });
  return (
    <Fieldset legend={name}>
      <Stack gap="xs">
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('surveyEditor.question.serviceName', { n: index + 1 })}
            value={service.name}
            error={faults.at(`${at}.name`) ?? faults.at(`${at}.id`)}
            onChange={(event) => onChange({ ...service, name: event.currentTarget.value })}
          />
          <ItemControls item={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        </Group>
        {subs.map((sub, s) => {
          const subAt = `${at}.subQuestions.${s}`;
          const subName = t('surveyEditor.question.serviceSubN', { n: s + 1, service: index + 1 });
          const change = (patch: Partial<ServiceSubQuestionConfig>) =>
            setSubs(replaced(subs, s, { ...sub, ...patch }));
          return (
            <Fieldset key={sub.id} legend={subName} variant="filled">
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
                      change({ kind, choices: kind === 'choices' ? sub.choices : [] });
                    }}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('surveyEditor.question.label')}
                    value={sub.label}
                    error={faults.at(`${subAt}.label`) ?? faults.at(`${subAt}.id`)}
                    onChange={(event) => change({ label: event.currentTarget.value })}
                  />
                  <Checkbox
                    label={t('surveyEditor.question.required')}
                    checked={sub.required}
                    onChange={(event) => change({ required: event.currentTarget.checked })}
                  />
                  <ItemControls
                    item={subName}
                    index={s}
                    count={subs.length}
                    onMove={(delta) => setSubs(moved(subs, s, delta))}
                    onRemove={() => subs.length > 1 && setSubs(without(subs, s))}
                  />
                </Group>
                {sub.kind === 'choices' && (
                  <IdTextList
                    legend={t('surveyEditor.question.choices')}
                    itemLabel={(n) => t('surveyEditor.question.choiceN', { n })}
                    addLabel={t('surveyEditor.question.addChoice')}
                    items={sub.choices}
                    faults={faults}
                    path={`${subAt}.choices`}
                    onChange={(choices) => change({ choices })}
                  />
                )}
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              setSubs([
                ...subs,
                {
                  id: nextTextId(
                    'sub',
                    subs.map((s) => s.id),
                  ),
                  label: '',
                  kind: 'text',
                  required: false,
                  choices: [],
                },
              ])
            }
          >
            {t('surveyEditor.question.addServiceSub', { n: index + 1 })}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The overall-experience list (G2, decision 0176): services, each with the sub-questions of its modal. */
function ServicesView({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  const services = question.services;
  if (services === null) return null;
  const set = (next: ExperienceServiceConfig[]) => update({ services: next.length === 0 ? null : next });
  return (
    <Fieldset legend={t('surveyEditor.question.services')}>
      <Stack gap="sm">
        {services.map((service, index) => (
          <ServiceEditor
            key={service.id}
            service={service}
            index={index}
            count={services.length}
            faults={faults}
            onChange={(next) => set(replaced(services, index, next))}
            onMove={(delta) => set(moved(services, index, delta))}
            onRemove={() => set(without(services, index))}
          />
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => set([...services, newService(services.map((s) => s.id))])}
          >
            {t('surveyEditor.question.addService')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export const ServicesFields = memoPart(ServicesView, ['services']);
