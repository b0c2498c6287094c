import { Checkbox, Field, Input, NativeSelect, Textarea, type InputProps } from '@chakra-ui/react';

/**
 * The admin forms' inputs: a label, the input, and the server's Swedish message for that field under it
 * (a 400 answer's issues, see fieldErrorsOf).
 */
type TextProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  helper?: React.ReactNode;
  type?: InputProps['type'];
  placeholder?: string;
  /** Rows of a multi-line field; without it a single-line input. */
  rows?: number;
  inputMode?: InputProps['inputMode'];
};

export function TextField({ label, value, onChange, error, required, helper, type = 'text', placeholder, rows, inputMode }: TextProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {rows ? (
        <Textarea value={value} onChange={(e) => onChange(e.target.value)} rows={rows} resize="vertical" placeholder={placeholder} />
      ) : (
        <Input type={type} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} inputMode={inputMode} />
      )}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

type SelectProps<T extends string> = {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T) => void;
  error?: string;
};

export function SelectField<T extends string>({ label, value, options, optionLabel, onChange, error }: SelectProps<T>) {
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} colorPalette="gold" alignSelf="flex-start" py="2">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
