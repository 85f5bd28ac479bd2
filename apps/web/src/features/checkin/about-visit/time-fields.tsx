import { useTranslation } from 'react-i18next';
import { type PickerOption, ScrollPicker } from './scroll-picker';
import { useCoarsePointer } from './use-coarse-pointer';
import { HOURS, type Meridiem, MINUTES, type PickerValue } from './visit-value';

type Time = Omit<PickerValue, 'date'>;

interface TimeFieldsProps {
  value: Time;
  onChange(value: Time): void;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Hour 01–12, minute 00/15/30/45 and am/pm (G2): wheels on touch devices, dropdowns with a mouse. */
export function TimeFields({ value, onChange }: TimeFieldsProps) {
  const { t } = useTranslation('checkin');
  const touch = useCoarsePointer();
  const hours: PickerOption<number>[] = HOURS.map((hour) => ({ value: hour, label: two(hour) }));
  const minutes: PickerOption<number>[] = MINUTES.map((minute) => ({ value: minute, label: two(minute) }));
  const meridiems: PickerOption<Meridiem>[] = [
    { value: 'am', label: t('aboutVisit.am') },
    { value: 'pm', label: t('aboutVisit.pm') },
  ];
  const set = (changes: Partial<Time>) => onChange({ ...value, ...changes });

  return (
    <fieldset className="ck-time-fields">
      <legend className="ck-field__legend">{t('aboutVisit.time')}</legend>
      {touch ? (
        <div className="ck-time-fields__row">
          <ScrollPicker
            id="visit-hour"
            label={t('aboutVisit.hour')}
            options={hours}
            value={value.hour}
            onChange={(hour) => set({ hour })}
          />
          <ScrollPicker
            id="visit-minute"
            label={t('aboutVisit.minute')}
            options={minutes}
            value={value.minute}
            onChange={(minute) => set({ minute })}
          />
          <ScrollPicker
            id="visit-meridiem"
            label={t('aboutVisit.meridiem')}
            options={meridiems}
            value={value.meridiem}
            onChange={(meridiem) => set({ meridiem })}
          />
        </div>
      ) : (
        <div className="ck-time-fields__row">
          <Dropdown
            id="visit-hour"
            label={t('aboutVisit.hour')}
            options={hours}
            value={value.hour}
            onChange={(hour) => set({ hour: Number(hour) })}
          />
          <Dropdown
            id="visit-minute"
            label={t('aboutVisit.minute')}
            options={minutes}
            value={value.minute}
            onChange={(minute) => set({ minute: Number(minute) })}
          />
          <Dropdown
            id="visit-meridiem"
            label={t('aboutVisit.meridiem')}
            options={meridiems}
            value={value.meridiem}
            onChange={(meridiem) => set({ meridiem: meridiem as Meridiem })}
          />
        </div>
      )}
    </fieldset>
  );
}

interface DropdownProps<T> {
  id: string;
  label: string;
  options: readonly PickerOption<T>[];
  value: T | null;
  onChange(value: string): void;
}

function Dropdown<T extends string | number>({ id, label, options, value, onChange }: DropdownProps<T>) {
  const { t } = useTranslation('checkin');
  return (
    <div className="ck-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="ck-input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {value === null && <option value="">{t('aboutVisit.choose')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
