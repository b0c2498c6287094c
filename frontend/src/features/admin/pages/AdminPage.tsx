import { lazy, Suspense } from 'react';
import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { LuActivity, LuCalendar, LuFileText, LuFlag, LuHistory, LuList, LuVideo } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { adminMeta } from '../admin-meta';
import { AdminOnly } from '../components/AdminOnly';
import { ArticlesTab } from '../components/ArticlesTab';
import { HistoryTab } from '../components/HistoryTab';
import { ModerationCountBadge } from '../components/ModerationCountBadge';
import { ModerationTab } from '../components/ModerationTab';
import { DriftTab } from '../components/DriftTab';
import { VideosTab } from '../components/VideosTab';
import { YearsTab } from '../components/YearsTab';
import { LoadingText } from '../../../components/LoadingText';
import { usePageMeta } from '../../../seo/use-page-meta';

// The event browser is a chunk of its own: loaded the first time its tab is opened.
const EventsTab = lazy(() => import('../events/EventsTab'));

const TABS = ['videos', 'artiklar', 'ar', 'moderering', 'historik', 'handelser', 'drift'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * /admin: 'Admin Panel' with the tabs Videos (default), Artiklar and År of spec section 2, plus Historik (the
 * site-wide audit log) for issue 7, Moderering (flagged forum content, with its live count), and for maintainers
 * (issue 18) Händelser (the event browser, a lazy chunk of its own) and Drift (projections and rebuilds). The open tab
 * is in the URL (?tab=), so coming back
 * from an item's history or an edit page lands on the same tab.
 */
export default function AdminPage() {
  usePageMeta(adminMeta('Admin Panel', '/admin'));
  return (
    <AdminOnly>
      <AdminPanel />
    </AdminOnly>
  );
}

function AdminPanel() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'videos';
  // Filters of the history tab stay in the URL only while that tab is open.
  const select = (next: string) => setParams(next === 'videos' ? {} : { tab: next });

  return (
    <PageContainer>
      <Stack gap="8">
        <div>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} fontWeight="900">
            Admin Panel
          </Heading>
          <Text color="fg.muted" mt="2">
            Hantera videor, artiklar och år, och följ varje ändring i historiken.
          </Text>
        </div>
        {/* lazyMount: a tab fetches its data the first time it is opened, and keeps its form state after. */}
        <Tabs.Root value={tab} onValueChange={(details) => select(details.value)} lazyMount variant="enclosed" colorPalette="gold">
          <Tabs.List flexWrap="wrap" mb="6">
            <Tabs.Trigger value="videos">
              <LuVideo aria-hidden /> Videos
            </Tabs.Trigger>
            <Tabs.Trigger value="artiklar">
              <LuFileText aria-hidden /> Artiklar
            </Tabs.Trigger>
            <Tabs.Trigger value="ar">
              <LuCalendar aria-hidden /> År
            </Tabs.Trigger>
            <Tabs.Trigger value="moderering">
              <LuFlag aria-hidden /> Moderering
              <ModerationCountBadge />
            </Tabs.Trigger>
            <Tabs.Trigger value="historik">
              <LuHistory aria-hidden /> Historik
            </Tabs.Trigger>
            <Tabs.Trigger value="handelser">
              <LuList aria-hidden /> Händelser
            </Tabs.Trigger>
            <Tabs.Trigger value="drift">
              <LuActivity aria-hidden /> Drift
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="videos">
            <VideosTab />
          </Tabs.Content>
          <Tabs.Content value="artiklar">
            <ArticlesTab />
          </Tabs.Content>
          <Tabs.Content value="ar">
            <YearsTab />
          </Tabs.Content>
          <Tabs.Content value="moderering">
            <ModerationTab />
          </Tabs.Content>
          <Tabs.Content value="historik">
            <HistoryTab />
          </Tabs.Content>
          <Tabs.Content value="handelser">
            <Suspense fallback={<LoadingText>Laddar händelser...</LoadingText>}>
              <EventsTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="drift">
            <DriftTab />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </PageContainer>
  );
}
