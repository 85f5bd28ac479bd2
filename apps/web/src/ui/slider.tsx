import { SLIDER_MAX, SLIDER_MIN, sliderColour } from '@venue-voice/domain';
import { type KeyboardEvent, type PointerEvent, useId, useRef } from 'react';
import './ui.css';

export interface SliderProps {
  label: string;
  /** Null until the guest picks a value (G4.68: the slider starts with no value). */
  value: number | null;
  onChange(value: number): void;
  min?: number;
  max?: number;
  /** Read instead of the number while there is no value ("Not answered yet"). */
  emptyText: string;
  /** Words under the two ends ("Not at all likely", "Extremely likely"). */
  minLabel?: string;
  maxLabel?: string;
  disabled?: boolean;
  /** Extra text read with the slider (a "required" hint). */
  hint?: string;
}

/**
 * The 0–10 score slider: no value at first, then coloured by the domain's bands (G4.69: red below
 * 70 %, yellow from 70 %, green from 90 %). A native range input cannot be empty, so this is an ARIA
 * slider: arrows, Page keys, Home and End from the keyboard; tap or drag on the track. From no value,
 * a step up starts at the minimum and a step down at the maximum.
 */
export function Slider({
  label,
  value,
  onChange,
  min = SLIDER_MIN,
  max = SLIDER_MAX,
  ...props
}: SliderProps) {
  const labelId = useId();
  const hintId = useId();
  const track = useRef<HTMLDivElement>(null);
  const colour = sliderColour(value, min, max);
  const share = value === null ? 0 : (value - min) / (max - min);
  const set = (next: number) => {
    const clamped = Math.min(max, Math.max(min, Math.round(next)));
    if (clamped !== value) onChange(clamped);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (props.disabled) return;
    const up = value === null ? min : value + 1;
    const down = value === null ? max : value - 1;
    const keys: Record<string, number> = {
      ArrowRight: up,
      ArrowUp: up,
      ArrowLeft: down,
      ArrowDown: down,
      PageUp: value === null ? min : value + 2,
      PageDown: value === null ? max : value - 2,
      Home: min,
      End: max,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };

  const fromPointer = (event: PointerEvent) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width === 0 || props.disabled) return;
    const ratio = (event.clientX - box.left) / box.width;
    set(min + ratio * (max - min));
  };

  const ticks = Array.from({ length: max - min + 1 }, (_, index) => min + index);
  return (
    <div className={`slider slider--${colour}`}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      {props.hint && (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      <div
        className="slider__area"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          fromPointer(event);
        }}
        onPointerMove={(event) => {
          if (event.buttons > 0) fromPointer(event);
        }}
      >
        <div ref={track} className="slider__track">
          <div className="slider__fill" style={{ width: `${share * 100}%` }} />
          <div
            className="slider__thumb"
            role="slider"
            tabIndex={props.disabled ? -1 : 0}
            aria-labelledby={labelId}
            aria-describedby={props.hint ? hintId : undefined}
            aria-valuemin={min}
            aria-valuemax={max}
            // ARIA needs a current value; with none the text says so, and that is what is read.
            aria-valuenow={value ?? min}
            aria-valuetext={value === null ? props.emptyText : String(value)}
            aria-disabled={props.disabled || undefined}
            onKeyDown={onKeyDown}
            // With no value the thumb waits in the middle, drawn hollow, marking no answer.
            style={{ left: `${value === null ? 50 : share * 100}%` }}
            data-empty={value === null || undefined}
          >
            {value ?? '?'}
          </div>
        </div>
        <div className="slider__ticks" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} style={{ left: `${((tick - min) / (max - min)) * 100}%` }}>
              {tick}
            </span>
          ))}
        </div>
      </div>
      {(props.minLabel || props.maxLabel) && (
        <div className="slider__ends">
          <span>{props.minLabel}</span>
          <span>{props.maxLabel}</span>
        </div>
      )}
    </div>
  );
}
