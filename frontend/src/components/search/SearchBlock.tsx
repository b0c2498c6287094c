import { Box, Button, Flex, Heading, Input, NativeSelect, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
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
 * The fields are the form's own (uncontrolled, read on submit): what a reader typed or chose before the page was
 * interactive is what is searched, and without JavaScript the browser submits the same fields to /search.
 */
export function SearchBlock({ withHeading = false, initial = {} }: Props) {
  const navigate = useNavigate();
  const ids = useId();

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: keyof SearchInput) => String(form.get(name) ?? '');
    const url = searchUrl({ q: field('q'), category: field('category'), decade: field('decade') });
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
      <Flex asChild direction={{ base: 'column', md: 'row' }} gap="3">
        <form role="search" action="/search" onSubmit={submit}>
          <Box flex="2">
            <VisuallyHidden asChild>
              <label htmlFor={`${ids}-q`}>Sökord</label>
            </VisuallyHidden>
            <Input
              id={`${ids}-q`}
              type="search"
              name="q"
              size="lg"
              defaultValue={initial.q}
              placeholder="T.ex. Loreen, Euphoria eller 2012"
              bg="bg"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={MAX_SEARCH_LENGTH}
            />
          </Box>
          <FilterSelect id={`${ids}-category`} name="category" label="Kategori" initial={initial.category} options={SEARCH_CATEGORY_OPTIONS} />
          <FilterSelect id={`${ids}-decade`} name="decade" label="Decennium" initial={initial.decade} options={SEARCH_DECADE_OPTIONS} />
          <Button type="submit" size="lg" colorPalette="gold" px="8">
            <LuSearch aria-hidden="true" />
            Sök
          </Button>
        </form>
      </Flex>
    </Box>
  );
}

type SelectProps = { id: string; name: keyof SearchInput; label: string; initial?: string; options: readonly { value: string; label: string }[] };

function FilterSelect({ id, name, label, initial = 'all', options }: SelectProps) {
  return (
    <Box flex="1" minW={{ md: '11rem' }}>
      <VisuallyHidden asChild>
        <label htmlFor={id}>{label}</label>
      </VisuallyHidden>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field id={id} name={name} defaultValue={initial} bg="bg">
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
