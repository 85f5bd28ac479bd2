import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { periodFault } from '@venue-voice/domain';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/it';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../platform/i18n';
import type { SurveyChoice } from './dashboard-api';
import { type DashboardFilter, PRESETS, type Preset } from './filters';

interface FilterBarProps {
  filter: DashboardFilter;
  branches: { id: number; name: string }[];
  surveys: SurveyChoice[];
  onChange(change: Partial<DashboardFilter>): void;
}

/** Period (presets or a custom range), branch (all of the operator's, or one) and survey, when there is a choice. */
export function FilterBar({ filter, branches, surveys, onChange }: FilterBarProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[string | null, string | null]>([filter.from, filter.to]);
  const [rangeFault, setRangeFault] = useState<string | null>(null);

  const pickRange = (value: [string | null, string | null]) => {
    setRange(value);
    const [from, to] = value;
    if (!from || !to) return;
    const fault = periodFault({ from, to });
    setRangeFault(fault);
    if (!fault) onChange({ preset: 'custom', from, to });
  };

  return (
    <DatesProvider settings={{ locale: currentLocale().toLowerCase(), firstDayOfWeek: 1 }}>
      <Group align="flex-end" wrap="wrap" gap="md">
        <Select
          label={t('dashboard.period')}
          value={filter.preset}
          allowDeselect={false}
          data={PRESETS.map((p) => ({ value: p, label: t(`dashboard.presets.${p}`) }))}
          onChange={(value) => {
            const preset = (value ?? '30d') as Preset;
            if (preset === 'custom') {
              setRange([filter.from, filter.to]);
              onChange({ preset, from: filter.from, to: filter.to });
            } else onChange({ preset });
          }}
          w={200}
        />
        {filter.preset === 'custom' && (
          <DatePickerInput
            type="range"
            label={t('dashboard.range')}
            value={range}
            onChange={(value) => pickRange(value as [string | null, string | null])}
            error={rangeFault ? t(`dashboard.${rangeFault}`) : undefined}
            valueFormat="D MMM YYYY"
            w={260}
          />
        )}
        {branches.length > 1 && (
          <Select
            label={t('dashboard.branch')}
            value={filter.branchId === null ? 'all' : String(filter.branchId)}
            allowDeselect={false}
            data={[
              { value: 'all', label: t('dashboard.allBranches') },
              ...branches.map((b) => ({ value: String(b.id), label: b.name })),
            ]}
            onChange={(value) => onChange({ branchId: !value || value === 'all' ? null : Number(value) })}
            w={240}
          />
        )}
        {surveys.length > 1 && (
          <Select
            label={t('dashboard.survey')}
            value={filter.surveyId === null ? 'all' : String(filter.surveyId)}
            allowDeselect={false}
            data={[
              { value: 'all', label: t('dashboard.allSurveys') },
              ...surveys.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            onChange={(value) => onChange({ surveyId: !value || value === 'all' ? null : Number(value) })}
            w={240}
          />
        )}
      </Group>
    </DatesProvider>
  );
}
