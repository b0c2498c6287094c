import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { RESTORABLE_KINDS, type RestorableKind } from '@mello/contracts';
import { LuArrowLeft, LuPencil } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../api/http';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { adminMeta } from '../admin-meta';
import { useItemTimeline, useRestoreVersion } from '../audit-api';
import { editPath, kindLabel } from '../audit-labels';
import { AdminOnly } from '../components/AdminOnly';
import { TimelineEntryCard } from '../components/TimelineEntryCard';
import { usePageMeta } from '../../../seo/use-page-meta';

/**
 * /admin/history/{kind}/{id}: every event of one item, oldest first, with what changed; 'Visa version' and
 * 'Återställ' (a new event, history is never rewritten). Deleted items keep their history here.
 */
export default function AdminHistoryPage() {
  usePageMeta(adminMeta('Historik', useLocation().pathname));
  return (
    <AdminOnly>
      <ItemHistory />
    </AdminOnly>
  );
}

const isRestorable = (kind: string): kind is RestorableKind => (RESTORABLE_KINDS as readonly string[]).includes(kind);

function ItemHistory() {
  const { kind = '', id = '' } = useParams();
  const timeline = useItemTimeline(kind, id);
  const restorable = isRestorable(kind);
  // Only called for restorable kinds (the button is not shown otherwise).
  const restore = useRestoreVersion(restorable ? kind : 'year', id);

  const back = (
    <Button asChild variant="ghost" alignSelf="flex-start" size="sm" color="fg.muted">
      <RouterLink to="/admin?tab=historik">
        <LuArrowLeft aria-hidden /> All historik
      </RouterLink>
    </Button>
  );

  if (timeline.isPending) return <LoadingText>Laddar historik...</LoadingText>;
  if (timeline.isError) {
    const missing = timeline.error instanceof ApiError && (timeline.error.status === 404 || timeline.error.status === 400);
    return (
      <PageContainer>
        <Stack gap="6">
          {back}
          <EmptyState
            as="h1"
            title={missing ? 'Ingen historik hittades' : 'Kunde inte läsa historiken'}
            description={errorMessage(timeline.error, timeline.error.message)}
          />
        </Stack>
      </PageContainer>
    );
  }

  const { label, exists, entries } = timeline.data;
  const edit = exists ? editPath(kind, id) : null;
  return (
    <PageContainer maxW="4xl">
      <Stack gap="6">
        {back}
        <Flex gap="4" wrap="wrap" align="flex-end" justify="space-between">
          <div>
            <Flex gap="2" align="center" mb="1">
              <Badge colorPalette="brand">{kindLabel(kind)}</Badge>
              {!exists && (
                <Badge colorPalette="red" variant="outline">
                  Borttaget
                </Badge>
              )}
            </Flex>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontWeight="900">
              Historik: {label || id}
            </Heading>
            <Text color="fg.muted" mt="1">
              {entries.length} {entries.length === 1 ? 'händelse' : 'händelser'}, äldst först.
            </Text>
          </div>
          {edit && (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={edit}>
                <LuPencil aria-hidden /> Redigera
              </RouterLink>
            </Button>
          )}
        </Flex>
        <Stack as="ol" gap="0" ps="0" aria-label="Händelser">
          {entries.map((entry, index) => (
            <TimelineEntryCard
              key={entry.position}
              kind={kind}
              itemId={id}
              entry={entry}
              number={index + 1}
              restores={entry.restoredFrom === undefined ? undefined : entries.findIndex((other) => other.revision === entry.restoredFrom) + 1 || undefined}
              current={exists && index === entries.length - 1}
              restore={restorable ? { pending: restore.isPending, onRestore: (revision) => restore.mutate(revision) } : undefined}
            />
          ))}
        </Stack>
      </Stack>
    </PageContainer>
  );
}
