import { HStack } from '@chakra-ui/react';
import type { Article } from '@mello/contracts';
import { useNavigate } from 'react-router-dom';
import { EditDeleteActions } from '../../../components/content/EditDeleteActions';
import { useDeleteArticle } from '../use-delete-article';

/** The administrator's 'Redigera' (to the edit page) and 'Radera' (confirmed; then to /blog). */
export function ArticleAdminActions({ article }: { article: Article }) {
  const navigate = useNavigate();
  const remove = useDeleteArticle(() => navigate('/blog'));
  return (
    <HStack gap="2">
      <EditDeleteActions
        editTo={`/admin/edit-article/${encodeURIComponent(article.id)}`}
        what={`artikeln "${article.title}"`}
        remove={{ isPending: remove.isPending, confirm: () => remove.mutate(article.id) }}
      />
    </HStack>
  );
}
