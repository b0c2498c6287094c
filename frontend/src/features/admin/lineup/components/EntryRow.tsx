import { Badge, Box, Button, Flex, IconButton, Text } from '@chakra-ui/react';
import type { EntryView, LineupShow } from '@mello/contracts';
import { LuArrowDown, LuArrowUp, LuPencil } from 'react-icons/lu';
import { ConfirmDeleteButton } from '../../../../components/content/ConfirmDeleteButton';
import { HEAT_RESULT_LABELS, SECOND_CHANCE_RESULT_LABELS, orderInShow, shown } from '../entry-form';

type Props = {
  show: LineupShow;
  entry: EntryView;
  /** Null when the entry cannot move that way (an end of the show, or a show without a running order). */
  onMoveUp: (() => void) | null;
  onMoveDown: (() => void) | null;
  moving: boolean;
  editing: boolean;
  onEdit: () => void;
  deleting: boolean;
  onDelete: () => void;
  /** The entry's edit form, when open: inside its list item. */
  children?: React.ReactNode;
};

/** What a show's line says of an entry: its place and result there, the final's points. Unknown is '–'. */
function outcome(show: LineupShow, entry: EntryView): string {
  if (show.kind === 'heat') return `Placering ${shown(entry.heatPlace)} · ${entry.heatResult ? HEAT_RESULT_LABELS[entry.heatResult] : '–'}`;
  if (show.kind === 'second-chance') return `Deltävling ${shown(entry.heat)} · ${entry.andraChansen ? SECOND_CHANCE_RESULT_LABELS[entry.andraChansen] : '–'}`;
  return `Placering ${shown(entry.finalPlace)} · Poäng ${shown(entry.finalPoints)} · Jury ${shown(entry.juryPoints)} · Tittare ${shown(entry.televotePoints)}`;
}

/** One entry of a show, in running order, with move up/down (buttons, so the keyboard can do it), edit and delete. */
export function EntryRow({ show, entry, onMoveUp, onMoveDown, moving, editing, onEdit, deleting, onDelete, children }: Props) {
  const order = orderInShow(show, entry);
  const name = `${entry.artist} – ${entry.song}`;
  return (
    <Box as="li" aria-label={`${shown(order)}. ${name}`} py="3" borderTopWidth="1px" borderColor="border" _first={{ borderTopWidth: 0 }}>
      <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} wrap="wrap">
        <Text fontWeight="900" fontSize="lg" minW="8" textAlign="right" aria-hidden>
          {shown(order)}
        </Text>
        <Box flex="1" minW="12rem">
          <Text fontWeight="semibold">
            {entry.artist}
            {entry.result === 'winner' && (
              <Badge ml="2" colorPalette="gold" size="sm">
                Vinnare
              </Badge>
            )}
          </Text>
          <Text color="fg.muted">”{entry.song}”</Text>
          <Text fontSize="sm" color="fg.muted" data-testid="entry-outcome">
            {outcome(show, entry)}
          </Text>
        </Box>
        <Flex gap="1" wrap="wrap" justify="flex-end" w={{ base: 'full', md: 'auto' }}>
          {show.key !== null && (
            <>
              <IconButton aria-label={`Flytta upp ${name}`} size="sm" variant="ghost" onClick={onMoveUp ?? undefined} disabled={!onMoveUp || moving}>
                <LuArrowUp />
              </IconButton>
              <IconButton aria-label={`Flytta ned ${name}`} size="sm" variant="ghost" onClick={onMoveDown ?? undefined} disabled={!onMoveDown || moving}>
                <LuArrowDown />
              </IconButton>
            </>
          )}
          <Button size="sm" variant="outline" onClick={onEdit} aria-expanded={editing} aria-label={`Redigera ${name}`}>
            <LuPencil aria-hidden /> Redigera
          </Button>
          <ConfirmDeleteButton what={`bidraget ”${entry.song}” med ${entry.artist} (${entry.year})`} pending={deleting} onConfirm={onDelete} />
        </Flex>
      </Flex>
      {children}
    </Box>
  );
}
