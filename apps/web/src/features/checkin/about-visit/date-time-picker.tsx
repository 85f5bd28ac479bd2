import type { LocalDate } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar } from './calendar';
import { TimeFields } from './time-fields';
import { addDays, formatPickerDate, type PickerValue, sameDay } from './visit-value';

type DayChoice = 'yesterday' | 'today' | 'other';

interface DateTimePickerProps {
  value: PickerValue;
  onChange(value: PickerValue): void;
  /** Today in the guest's calendar: the latest day a visit can be on. */
  today: LocalDate;
  /** The earliest day offered. */
  earliest: LocalDate;
  locale: string;
  /** id of the error text, when there is one, for aria-describedby. */
  errorId?: string;
}

const choiceOf = (date: LocalDate | null, today: LocalDate): DayChoice | null => {
  if (!date) return null;
  if (sameDay(date, today)) return 'today';
  return sameDay(date, addDays(today, -1)) ? 'yesterday' : 'other';
};

/** G2 date-time picker: Yesterday / Today / Choose a date (a Monday-first calendar), then the time. */
export function DateTimePicker({ value, onChange, today, earliest, locale, errorId }: DateTimePickerProps) {
  const { t } = useTranslation('checkin');
  const [choice, setChoice] = useState<DayChoice | null>(() => choiceOf(value.date, today));
  const choose = (next: DayChoice) => {
    setChoice(next);
    if (next === 'today') onChange({ ...value, date: today });
    if (next === 'yesterday') onChange({ ...value, date: addDays(today, -1) });
  };
  const choices: [DayChoice, string][] = [
    ['yesterday', t('aboutVisit.yesterday')],
    ['today', t('aboutVisit.today')],
    ['other', t('aboutVisit.chooseDate')],
  ];

  return (
    <div className="ck-stack">
      <fieldset className="ck-day-choice">
        <legend className="ck-field__legend">{t('aboutVisit.day')}</legend>
        <div className="ck-day-choice__options">
          {choices.map(([id, label]) => (
            <label key={id} className="choices__row ck-day-choice__option">
              <input
                type="radio"
                name="visit-day"
                value={id}
                checked={choice === id}
                onChange={() => choose(id)}
                aria-describedby={errorId}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'other' && (
        <div className="ck-stack">
          <Calendar
            value={value.date}
            min={earliest}
            max={today}
            locale={locale}
            onChange={(date) => onChange({ ...value, date })}
          />
          <p className="ck-field__hint" aria-live="polite">
            {value.date
              ? t('aboutVisit.chosenDate', { date: formatPickerDate(value.date) })
              : t('aboutVisit.noDateYet')}
          </p>
        </div>
      )}
      <TimeFields value={value} onChange={(time) => onChange({ ...time, date: value.date })} />
    </div>
  );
}
