import { Select } from '@mantine/core';
import { Language } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../platform/i18n';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-gb': 'English',
  de: 'Deutsch',
  it: 'Italiano',
  es: 'Español',
};

export const languageOptions = Language.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/** The console's language: switches at once; `onChosen` saves it (the signed-in operator's profile). */
export function LanguagePicker({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('common.language')}
      data={languageOptions}
      value={currentLanguage()}
      allowDeselect={false}
      w={140}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        const language = Language.find((code) => code === value);
        if (!language) return;
        void setLanguage(language).then(() => onChosen?.(language));
      }}
    />
  );
}
