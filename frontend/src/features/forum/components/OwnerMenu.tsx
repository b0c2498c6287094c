import type { Ref } from 'react';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuCircleCheck, LuEllipsisVertical, LuPencil, LuRotateCcw, LuTrash2 } from 'react-icons/lu';
import type { ForumPost } from '@mello/contracts';

type Props = {
  post: ForumPost;
  onEdit: () => void;
  onToggleSolved: () => void;
  onDelete: () => void;
  busy: boolean;
  /** The menu's button, where focus returns when edit mode ends. */
  triggerRef?: Ref<HTMLButtonElement>;
};

/** The post's owner menu (its author and the administrator): Redigera, mark solved or active again, Radera. */
export function OwnerMenu({ post, onEdit, onToggleSolved, onDelete, busy, triggerRef }: Props) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton ref={triggerRef} aria-label="Hantera inlägget" variant="outline" size="sm" disabled={busy}>
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content bg="bg.panel" minW="14rem">
            <Menu.Item value="edit" onSelect={onEdit}>
              <LuPencil aria-hidden />
              Redigera
            </Menu.Item>
            <Menu.Item value="solved" onSelect={onToggleSolved}>
              {post.status === 'solved' ? <LuRotateCcw aria-hidden /> : <LuCircleCheck aria-hidden />}
              {post.status === 'solved' ? 'Markera som aktivt' : 'Markera som löst'}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="delete" onSelect={onDelete} color="fg.error" _highlighted={{ bg: 'bg.error', color: 'fg.error' }}>
              <LuTrash2 aria-hidden />
              Radera inlägget
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
