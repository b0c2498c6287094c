import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LuPencil } from 'react-icons/lu';
import type { Article } from '@mello/contracts';
import { ConfirmDeleteButton } from '../content/ConfirmDeleteButton';
import { useDeleteArticle } from './use-delete-article';

/** The administrator's 'Redigera' (to the edit page) and 'Radera' (confirmed; then to /blog). */
export function ArticleAdminActions({ article }: { article: Article }) {
  const navigate = useNavigate();
  const remove = useDeleteArticle(() => navigate('/blog'));
  return (
    <HStack gap="2">
      <Button asChild size="sm" variant="outline">
        <RouterLink to={`/admin/edit-article/${encodeURIComponent(article.id)}`}>
          <LuPencil aria-hidden />
          Redigera
        </RouterLink>
      </Button>
      <ConfirmDeleteButton what={`artikeln "${article.title}"`} pending={remove.isPending} onConfirm={() => remove.mutate(article.id)} />
    </HStack>
  );
}
