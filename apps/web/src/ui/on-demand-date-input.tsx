import { lazy, Suspense, useState } from 'react';
import { Input, InputBase } from '@mantine/core';
import type { OpenedDatePickerInputProps } from './opened-date-picker-input';

const loadPicker = () => import('./opened-date-picker-input');
const OpenedDatePickerInput = lazy(loadPicker);

export type OnDemandDateInputProps = Omit<OpenedDatePickerInputProps, 'openOnMount'> & {
  label: string;
  placeholder: string;
};

/**
 * A date field whose calendar (Mantine's date pickers, about 12 KB compressed) loads when it is first
 * used, not with the screen: the patient list's two date filters are rarely opened, and a tablet on mobile
 * data draws the list sooner without them (issue 15's budget for the list). Until then an empty field is a
 * look-alike button with the same label; a click loads the picker and opens its calendar, and pointing at
 * or focusing the button already starts the load. A field with a value is the picker from the start.
 */
export function OnDemandDateInput(props: OnDemandDateInputProps) {
  const [isWanted, setIsWanted] = useState(false);
  const hasValue = props.value !== null && props.value !== undefined && props.value !== '';
  const placeholderButton = (
    <InputBase
      component="button"
      type="button"
      label={props.label}
      pointer
      disabled={props.disabled}
      onClick={() => setIsWanted(true)}
      onFocus={() => void loadPicker()}
      onPointerEnter={() => void loadPicker()}
    >
      <Input.Placeholder>{props.placeholder}</Input.Placeholder>
    </InputBase>
  );
  if (!isWanted && !hasValue) return placeholderButton;
  return (
    <Suspense fallback={placeholderButton}>
      <OpenedDatePickerInput {...props} openOnMount={isWanted} />
    </Suspense>
  );
}
