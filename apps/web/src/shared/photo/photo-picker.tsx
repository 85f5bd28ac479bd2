import { type ChangeEvent, useRef } from 'react';
import { Button, type ButtonVariant } from '../../ui/button';

interface PhotoPickerProps {
  label: string;
  /** `environment` opens the back camera on phones ("Take photo"); without it, the file chooser. */
  capture?: 'environment';
  variant?: ButtonVariant;
  disabled: boolean;
  onChoose(file: File): void;
}

// image/* lets phones offer their photos; .heic/.heif because desktop browsers often know no type
// for them, and the photo is converted before upload anyway.
const ACCEPT_FILES = 'image/*,.heic,.heif';

/**
 * A button that opens the camera or the file chooser. The file input itself stays hidden (it cannot be
 * styled as a button everywhere); the visible button is what keyboard and screen-reader users reach.
 */
export function PhotoPicker({ label, capture, variant, disabled, onChoose }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const changed = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failure) still reports a change.
    event.target.value = '';
    if (file) onChoose(file);
  };
  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={label}
        accept={capture ? 'image/*' : ACCEPT_FILES}
        capture={capture}
        disabled={disabled}
        onChange={changed}
      />
    </>
  );
}
