import { type KeyboardEvent, useEffect, useRef } from 'react';

export interface PickerOption<T> {
  value: T;
  label: string;
}

interface ScrollPickerProps<T> {
  id: string;
  label: string;
  options: readonly PickerOption<T>[];
  value: T | null;
  onChange(value: T): void;
}

/** Milliseconds without scrolling after which a flick has come to rest. */
const SETTLE_MS = 120;

/**
 * A touch-friendly wheel (G2: scroll pickers on touch devices) built as an ARIA listbox: flick it and
 * the option that comes to rest in the middle is chosen; tap an option; or focus it and use the arrow
 * keys, Home and End, as with a native select.
 */
export function ScrollPicker<T extends string | number>({
  id,
  label,
  options,
  value,
  onChange,
}: ScrollPickerProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const index = options.findIndex((option) => option.value === value);

  // Keep the chosen option in the middle of the wheel.
  useEffect(() => {
    const box = list.current;
    const option = box?.children[index] as HTMLElement | undefined;
    if (!box || !option || typeof box.scrollTo !== 'function') return;
    const top = option.offsetTop - (box.clientHeight - option.offsetHeight) / 2;
    if (Math.abs(box.scrollTop - top) > 1) box.scrollTo({ top });
  }, [index]);

  useEffect(() => () => clearTimeout(settle.current ?? undefined), []);

  const onScroll = () => {
    clearTimeout(settle.current ?? undefined);
    settle.current = setTimeout(() => {
      const box = list.current;
      if (!box) return;
      const middle = box.scrollTop + box.clientHeight / 2;
      let nearest = -1;
      let distance = Number.POSITIVE_INFINITY;
      Array.from(box.children).forEach((child, i) => {
        const element = child as HTMLElement;
        const d = Math.abs(element.offsetTop + element.offsetHeight / 2 - middle);
        if (d < distance) [nearest, distance] = [i, d];
      });
      const option = options[nearest];
      if (option && option.value !== value) onChange(option.value);
    }, SETTLE_MS);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const target: Record<string, number> = {
      // With nothing chosen yet, the first key chooses the first option.
      ArrowDown: Math.min(last, index + 1),
      ArrowUp: Math.max(0, index - 1),
      Home: 0,
      End: last,
    };
    const next = target[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const option = options[next];
    if (option) onChange(option.value);
  };

  return (
    <div className="ck-scroll-picker">
      <span id={`${id}-label`} className="ck-scroll-picker__label">
        {label}
      </span>
      <div
        ref={list}
        id={id}
        role="listbox"
        tabIndex={0}
        className="ck-scroll-picker__list"
        aria-labelledby={`${id}-label`}
        aria-activedescendant={index >= 0 ? `${id}-${index}` : undefined}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        {options.map((option, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox itself takes the keys (activedescendant).
          <div
            tabIndex={-1}
            key={option.value}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === index}
            className="ck-scroll-picker__option"
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </div>
        ))}
      </div>
    </div>
  );
}
