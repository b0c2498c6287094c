import { Box, Button } from '@chakra-ui/react';
import { LuArrowUp } from 'react-icons/lu';
import { newPostsLabel } from '../../../live/new-posts';

/**
 * "N nya inlägg": posts by others that arrived while the list was open. The list does not move under the reader;
 * the banner shows them when clicked. It lives in a polite live region so screen readers hear the count change.
 */
export function NewPostsBanner({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Box role="status" aria-live="polite">
      {count > 0 && (
        <Box position="sticky" top="5rem" zIndex="docked" display="flex" justifyContent="center" mb="4">
          <Button onClick={onShow} colorPalette="gold" borderRadius="full" size="sm" boxShadow="lg">
            <LuArrowUp aria-hidden />
            Visa {newPostsLabel(count)}
          </Button>
        </Box>
      )}
    </Box>
  );
}
