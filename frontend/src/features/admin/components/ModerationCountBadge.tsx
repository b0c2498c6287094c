import { Badge } from '@chakra-ui/react';
import { useLiveModerationCount } from '../moderation-api';

/** The moderation tab's live count of items awaiting review (nothing while there are none). */
export function ModerationCountBadge() {
  const open = useLiveModerationCount();
  if (!open) return null;
  return (
    <Badge colorPalette="red" size="sm" aria-label={`${open} väntar på granskning`} data-testid="moderation-count">
      {open}
    </Badge>
  );
}
