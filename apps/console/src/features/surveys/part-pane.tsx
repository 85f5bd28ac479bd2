import type { SurveyPart } from './editor-faults';
import { BrandingForm } from './parts/branding-form';
import { DemographicsForm } from './parts/demographics-form';
import { IndicatorsForm } from './parts/indicators-form';
import { LimitsForm } from './parts/limits-form';
import { SectionsForm } from './parts/sections-form';
import { SettingsForm } from './parts/settings-form';
import { SharingForm } from './parts/sharing-form';
import { StaffForm } from './parts/staff-form';
import { VouchersForm } from './parts/vouchers-form';

const FORMS: Record<SurveyPart, () => React.JSX.Element> = {
  settings: SettingsForm,
  sections: SectionsForm,
  indicators: IndicatorsForm,
  limits: LimitsForm,
  staff: StaffForm,
  sharing: SharingForm,
  vouchers: VouchersForm,
  demographics: DemographicsForm,
  branding: BrandingForm,
};

/** The form of one survey-level part (the only one drawn). */
export function PartPane({ part }: { part: SurveyPart | 'questions' | `q:${number}` }) {
  const Form = FORMS[part as SurveyPart] ?? SettingsForm;
  return <Form />;
}
