import { ColorInput, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PartForm, TextField, useField } from '../fields';

const COLOURS = ['primaryColour', 'secondaryColour', 'accentColour', 'errorColour'] as const;
const IMAGES = ['logoImage', 'headerImage', 'backgroundImage'] as const;

/** The survey's look (G3 branding): every part optional, the guest app falls back to its own theme. */
export function BrandingForm() {
  const { t } = useTranslation();
  const b = (key: string) => t(`surveyEditor.branding.${key}`);
  return (
    <PartForm title={t('surveyEditor.parts.branding')} intro={b('intro')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {COLOURS.map((colour) => (
          <ColourField key={colour} path={`survey.branding.${colour}`} label={b(colour)} />
        ))}
      </SimpleGrid>
      {IMAGES.map((image) => (
        <TextField
          key={image}
          path={`survey.branding.${image}`}
          label={b(image)}
          description={b('urlHint')}
          optional
        />
      ))}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField path="survey.branding.font" label={b('font')} optional />
        <TextField path="survey.branding.fontUrl" label={b('fontUrl')} description={b('urlHint')} optional />
      </SimpleGrid>
    </PartForm>
  );
}

/** A colour as #rrggbb; emptied, the part is left to the app's theme. */
function ColourField({ path, label }: { path: string; label: string }) {
  const field = useField(path);
  return (
    <ColorInput
      label={label}
      format="hex"
      withEyeDropper={false}
      value={typeof field.value === 'string' ? field.value : ''}
      error={field.error}
      onChange={(value) => field.set(value === '' ? undefined : value)}
    />
  );
}
