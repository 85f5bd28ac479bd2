import { MultiSelect, SimpleGrid } from '@mantine/core';
import type { Section } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { AddButton, ItemCard, NumberField, PartForm, SwitchField, TextField, useField } from '../fields';

/** The survey's screens (G4): built by weight, after those they depend on; a guest may skip some. */
export function SectionsForm() {
  const { t } = useTranslation();
  const { document, update } = useEditor();
  const sections = document.survey.sections;
  const add = () =>
    update((doc) => {
      const taken = new Set(doc.survey.sections.map((s) => s.id));
      let n = doc.survey.sections.length + 1;
      while (taken.has(`section-${n}`)) n += 1;
      const section: Section = {
        id: `section-${n}`,
        name: t('surveyEditor.sections.newName', { n }),
        weight: 50,
        dependsOn: [],
        allowSkip: false,
      };
      return { ...doc, survey: { ...doc.survey, sections: [...doc.survey.sections, section] } };
    });
  const remove = (index: number) =>
    update((doc) => ({
      ...doc,
      survey: { ...doc.survey, sections: doc.survey.sections.filter((_, i) => i !== index) },
    }));
  return (
    <PartForm title={t('surveyEditor.parts.sections')} intro={t('surveyEditor.sections.intro')}>
      {sections.map((section, index) => (
        <ItemCard
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
          key={`${section.id}-${index}`}
          title={t('surveyEditor.sections.item', { name: section.name || section.id })}
          path={`survey.sections.${index}.id`}
          onRemove={sections.length > 1 ? () => remove(index) : undefined}
        >
          <SectionFields index={index} />
        </ItemCard>
      ))}
      <AddButton label={t('surveyEditor.sections.add')} onClick={add} />
    </PartForm>
  );
}

function SectionFields({ index }: { index: number }) {
  const { t } = useTranslation();
  const { document } = useEditor();
  const at = `survey.sections.${index}`;
  const s = (key: string) => t(`surveyEditor.sections.${key}`);
  const dependsOn = useField(`${at}.dependsOn`);
  const own = document.survey.sections[index];
  const values = Array.isArray(dependsOn.value) ? (dependsOn.value as string[]) : [];
  const options = [
    ...document.survey.sections
      .filter((other) => other.id !== own?.id)
      .map((other) => ({ value: other.id, label: other.name || other.id })),
    // A dependency on a section that is gone stays listed until removed (its fault shows).
    ...values
      .filter((id) => !document.survey.sections.some((other) => other.id === id))
      .map((id) => ({ value: id, label: id })),
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField path={`${at}.name`} label={s('name')} />
        <NumberField path={`${at}.weight`} label={s('weight')} description={s('weightHint')} />
        <TextField path={`${at}.title`} label={s('title')} optional />
        <TextField path={`${at}.subtitle`} label={s('subtitle')} optional />
      </SimpleGrid>
      <MultiSelect
        label={s('dependsOn')}
        description={s('dependsOnHint')}
        data={options}
        value={values}
        error={dependsOn.error}
        comboboxProps={{ withinPortal: true }}
        onChange={dependsOn.set}
      />
      <SwitchField path={`${at}.allowSkip`} label={s('allowSkip')} />
    </>
  );
}
