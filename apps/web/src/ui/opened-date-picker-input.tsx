import { useEffect, useRef } from 'react';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

export type OpenedDatePickerInputProps = DatePickerInputProps<'default'> & {
  /** Opens the calendar once mounted: the user clicked the placeholder button that loaded this code. */
  openOnMount: boolean;
};

/** Mantine's date picker input, loaded on demand by OnDemandDateInput. */
export default function OpenedDatePickerInput({ openOnMount, ...props }: OpenedDatePickerInputProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The picker has no prop to start open: the click the placeholder received is passed on, once.
    if (openOnMount) {
      button.current?.focus();
      button.current?.click();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  return <DatePickerInput ref={button} {...props} />;
}
