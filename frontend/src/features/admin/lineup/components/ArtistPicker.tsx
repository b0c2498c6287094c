import { useId, useState } from 'react';
import { Box, Field, Input, Spinner, Text } from '@chakra-ui/react';
import { artistApi, ENTRY_FIELD_LABELS } from '@mello/contracts';
import { LuPlus } from 'react-icons/lu';
import { checkBody } from '../../../../lib/form-validation';
import { matchingArtists } from '../artist-search';
import { useArtists, useCreateArtist } from '../lineup-api';

type Props = {
  artistId: string;
  artistName: string;
  onPick: (artist: { id: string; name: string }) => void;
  error?: string;
};

/**
 * The entry form's act: a combobox over GET /api/artists (name and other names, accents folded), or 'Ny artist: …'
 * which creates the act (POST /api/artists) and picks it. Typing drops the pick until one is chosen again.
 * Keyboard: arrows move through the options, Enter picks, Escape closes. A new act's name is checked with the
 * create call's contract first (a name over the limit is refused here, under the picker's label, and not sent).
 */
export function ArtistPicker({ artistId, artistName, onPick, error }: Props) {
  const listId = useId();
  const [query, setQuery] = useState(artistName);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [refused, setRefused] = useState<string | null>(null);
  const artists = useArtists(open);
  const create = useCreateArtist((artist) => {
    onPick({ id: artist.id, name: artist.name });
    setQuery(artist.name);
    setOpen(false);
  });

  const typed = query.trim();
  const matches = matchingArtists(artists.data ?? [], typed, 8);
  const exact = matches.some((artist) => artist.name.localeCompare(typed, 'sv', { sensitivity: 'accent' }) === 0);
  const options: Array<{ key: string; label: string; pick: () => void; isNew?: boolean }> = matches.map((artist) => ({
    key: artist.id,
    label: artist.aliases.length > 0 ? `${artist.name} (även ${artist.aliases.join(', ')})` : artist.name,
    pick: () => {
      onPick({ id: artist.id, name: artist.name });
      setQuery(artist.name);
      setOpen(false);
    },
  }));
  const createAct = () => {
    const check = checkBody(artistApi.create, { name: typed });
    setRefused(check.ok ? null : (check.errors.name ?? check.summary.join('; ')));
    if (check.ok) create.mutate(check.body.name);
  };
  if (typed && !exact && artists.data) options.push({ key: 'new', label: `Ny artist: ${typed}`, isNew: true, pick: createAct });
  const shownError = refused ?? error;
  const current = Math.min(active, options.length - 1);
  const expanded = open && typed.length > 0;

  return (
    <Field.Root required invalid={Boolean(shownError)} position="relative">
      <Field.Label>
        {ENTRY_FIELD_LABELS.artistId}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && current >= 0 ? `${listId}-${current}` : undefined}
        autoComplete="off"
        placeholder="Sök artist…"
        value={query}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setQuery(event.target.value);
          setRefused(null);
          setActive(0);
          setOpen(true);
          if (artistId) onPick({ id: '', name: '' });
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            if (options.length > 0) setActive((current + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
          } else if (event.key === 'Enter') {
            // Enter picks the active option instead of submitting the entry form.
            event.preventDefault();
            if (expanded) options[current]?.pick();
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <Field.HelperText>
        {create.isPending ? 'Skapar artisten…' : artistId ? `Vald: ${artistName}` : 'Skriv för att söka; finns artisten inte, välj ”Ny artist”.'}
      </Field.HelperText>
      <Field.ErrorText>{shownError}</Field.ErrorText>
      {expanded && (
        <Box
          as="ul"
          id={listId}
          role="listbox"
          aria-label="Artister"
          position="absolute"
          top="100%"
          insetX="0"
          zIndex="dropdown"
          mt="1"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          borderRadius="md"
          shadow="lg"
          maxH="72"
          overflowY="auto"
          listStyleType="none"
        >
          {artists.isLoading && (
            <Box as="li" px="3" py="2" color="fg.muted">
              <Spinner size="xs" mr="2" /> Laddar artister…
            </Box>
          )}
          {options.map((option, index) => (
            <Box
              as="li"
              key={option.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === current}
              px="3"
              py="2"
              cursor="pointer"
              bg={index === current ? 'bg.muted' : undefined}
              fontWeight={option.isNew ? 'semibold' : undefined}
              // Keeps focus in the input, so the blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={option.pick}
            >
              {option.isNew && <LuPlus aria-hidden style={{ display: 'inline', marginRight: 6 }} />}
              {option.label}
            </Box>
          ))}
          {artists.data && options.length === 0 && (
            <Text as="li" px="3" py="2" color="fg.muted">
              Inga träffar
            </Text>
          )}
        </Box>
      )}
    </Field.Root>
  );
}
