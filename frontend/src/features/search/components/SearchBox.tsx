import { Button, HStack, Input } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { LuSearch } from 'react-icons/lu';
import { MAX_SEARCH_LENGTH } from '@mello/contracts';
import { quickSearchUrl } from '../../../lib/search-url';

/**
 * The results page's own search box: on submit, non-empty trimmed text goes to /search?q=… (spec section 2,
 * Search results); whitespace only is ignored. The page remounts it (key) when the address's query changes.
 * The text is the field's own (uncontrolled, read on submit), so text typed before the page was interactive is
 * what is searched; without JavaScript the browser submits it to /search.
 */
export function SearchBox({ initial }: { initial: string }) {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      aria-label="Sök i arkivet"
      action="/search"
      onSubmit={(event) => {
        event.preventDefault();
        const url = quickSearchUrl(String(new FormData(event.currentTarget).get('q') ?? ''));
        if (url) navigate(url);
      }}
    >
      <HStack gap="2" align="stretch">
        <Input
          type="search"
          name="q"
          aria-label="Sökord"
          placeholder="T.ex. Loreen, Euphoria eller 2012"
          defaultValue={initial}
          size="lg"
          bg="bg.panel"
          maxLength={MAX_SEARCH_LENGTH}
        />
        <Button type="submit" size="lg" colorPalette="brand">
          <LuSearch aria-hidden />
          Sök
        </Button>
      </HStack>
    </form>
  );
}
