import { Button, Wrap } from '@chakra-ui/react';

type Props<T extends string> = {
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** The button text of each option ('all' reads 'Alla' unless the label says otherwise). */
  label: (value: T) => string;
  ariaLabel?: string;
};

/** A row of toggle buttons choosing one option; the chosen one is pressed (aria-pressed). */
export function FilterButtons<T extends string>({ options, value, onChange, label, ariaLabel = 'Filtrera på kategori' }: Props<T>) {
  return (
    <Wrap role="group" aria-label={ariaLabel} gap="2">
      {options.map((option) => {
        const active = option === value;
        return (
          <Button
            key={option}
            size="sm"
            borderRadius="full"
            colorPalette={active ? 'brand' : 'gray'}
            variant={active ? 'solid' : 'outline'}
            aria-pressed={active}
            onClick={() => onChange(option)}
          >
            {label(option)}
          </Button>
        );
      })}
    </Wrap>
  );
}
