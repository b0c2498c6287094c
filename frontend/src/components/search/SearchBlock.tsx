import { Box, Button, Flex, Heading, Input, NativeSelect, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { MAX_SEARCH_LENGTH } from '@mello/contracts';
import { SEARCH_CATEGORY_OPTIONS, SEARCH_DECADE_OPTIONS, searchUrl, type SearchInput } from '../../lib/search-url';

type Props = {
  /** Home shows the heading 'Sök i Arkivet' with its subtitle; /years does not. */
  withHeading?: boolean;
  initial?: Partial<SearchInput>;
};

/**
 * The search block of home and /years (spec 'Search block'): text, category and decade, 'Sök' or Enter.
 * It goes to /search with the trimmed text and only the filters that are not 'all'; blank text does nothing.
 */
export function SearchBlock({ withHeading = false, initial = {} }: Props) {
  const navigate = useNavigate();
  const ids = useId();
  const [q, setQ] = useState(initial.q ?? '');
  const [category, setCategory] = useState(initial.category ?? 'all');
  const [decade, setDecade] = useState(initial.decade ?? 'all');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const url = searchUrl({ q, category, decade });
    if (url) navigate(url);
  };

  return (
    <Box
      as="section"
      aria-labelledby={withHeading ? `${ids}-heading` : undefined}
      aria-label={withHeading ? undefined : 'Sök i arkivet'}
      bg="bg.muted"
      borderWidth="1px"
      borderColor="border"
      borderRadius="2xl"
      p={{ base: '5', md: '8' }}
    >
      {withHeading && (
        <Box mb="6" textAlign={{ md: 'center' }}>
          <Heading as="h2" id={`${ids}-heading`} size="2xl" mb="2">
            Sök i Arkivet
          </Heading>
          <Text color="fg.muted">Hitta artister, låtar, årtal och lost media från hela Melodifestivalens historia</Text>
        </Box>
      )}
      <Flex as="form" role="search" onSubmit={submit} direction={{ base: 'column', md: 'row' }} gap="3">
        <Box flex="2">
          <VisuallyHidden asChild>
            <label htmlFor={`${ids}-q`}>Sökord</label>
          </VisuallyHidden>
          <Input
            id={`${ids}-q`}
            type="search"
            size="lg"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="T.ex. Loreen, Euphoria eller 2012"
            bg="bg"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_SEARCH_LENGTH}
          />
        </Box>
        <FilterSelect id={`${ids}-category`} label="Kategori" value={category} onChange={setCategory} options={SEARCH_CATEGORY_OPTIONS} />
        <FilterSelect id={`${ids}-decade`} label="Decennium" value={decade} onChange={setDecade} options={SEARCH_DECADE_OPTIONS} />
        <Button type="submit" size="lg" colorPalette="gold" px="8">
          <LuSearch aria-hidden="true" />
          Sök
        </Button>
      </Flex>
    </Box>
  );
}

type SelectProps = { id: string; label: string; value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[] };

function FilterSelect({ id, label, value, onChange, options }: SelectProps) {
  return (
    <Box flex="1" minW={{ md: '11rem' }}>
      <VisuallyHidden asChild>
        <label htmlFor={id}>{label}</label>
      </VisuallyHidden>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} bg="bg">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
