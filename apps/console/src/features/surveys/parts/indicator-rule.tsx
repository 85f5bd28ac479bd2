import { Fieldset, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { NumberField, SelectField, SwitchField, useField } from '../fields';

/**
 * A gate on an indicator's score (G3 indicatorRule): which indicator, the score, at or above / at or
 * below, strictly. No indicator means no gate; a rule naming a removed indicator shows its fault (O15.4).
 */
export function IndicatorRuleFields({ path, legend }: { path: string; legend: string }) {
  const { t } = useTranslation();
  const r = (key: string) => t(`surveyEditor.rule.${key}`);
  return (
    <Fieldset legend={legend} variant="filled">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <IndicatorSelect path={`${path}.indicatorId`} label={r('indicator')} nullable />
        <NumberField path={`${path}.scoreRequired`} label={r('score')} nullable decimals />
        <SelectField
          path={`${path}.lowerBound`}
          label={r('direction')}
          options={[
            { value: true, label: r('atOrAbove') },
            { value: false, label: r('atOrBelow') },
          ]}
        />
        <SwitchField path={`${path}.strict`} label={r('strict')} />
      </SimpleGrid>
    </Fieldset>
  );
}

/** An indicator of the survey by name; one that no longer exists stays shown by its id. */
export function IndicatorSelect({
  path,
  label,
  nullable,
}: {
  path: string;
  label: string;
  nullable?: boolean;
}) {
  const { t } = useTranslation();
  const { document } = useEditor();
  const { value } = useField(path);
  const options = document.survey.indicators.map((indicator) => ({
    value: indicator.id,
    label: indicator.name || t('surveyEditor.indicators.unnamed', { id: indicator.id }),
  }));
  if (typeof value === 'number' && !options.some((option) => option.value === value))
    options.push({ value, label: t('surveyEditor.indicators.gone', { id: value }) });
  return <SelectField path={path} label={label} options={options} nullable={nullable} />;
}
