import { Suspense } from 'react';
import { matchRoutes, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from '../components/layout/Layout';
import { LoadingText } from '../components/LoadingText';
import { yearLabelOf } from '../lib/year-param';
import { HydrationMark } from './hydration-mark';
import { lazyPage, type LazyPage } from './lazy-page';

type Params = Readonly<Record<string, string | undefined>>;

/**
 * A screen of the client: its address, its code and the line shown while that code downloads after a client-side
 * navigation — the screen's own loading text from the spec ('Laddar år {year}...'), never a generic one. The
 * server's screens (backend/src/seo/client-routes.ts) name the same addresses.
 */
type Screen = { path: string; page: LazyPage; loading: string | ((params: Params) => string) };

const SCREENS: Screen[] = [
  { path: '/', page: lazyPage(() => import('../features/home/pages/HomePage')), loading: 'Laddar startsidan...' },
  { path: 'years', page: lazyPage(() => import('../features/years/pages/YearsPage')), loading: 'Laddar år...' },
  { path: 'year/:year', page: lazyPage(() => import('../features/years/pages/YearPage')), loading: ({ year = '' }) => `Laddar år ${yearLabelOf(year)}...` },
  { path: 'artist/:slug', page: lazyPage(() => import('../features/lineups/pages/ArtistPage')), loading: 'Laddar artist...' },
  { path: 'songwriter/:slug', page: lazyPage(() => import('../features/lineups/pages/SongwriterPage')), loading: 'Laddar låtskrivare...' },
  { path: 'statistik', page: lazyPage(() => import('../features/lineups/pages/StatisticsPage')), loading: 'Laddar statistik...' },
  { path: 'notiser', page: lazyPage(() => import('../features/notifications/pages/NotificationsPage')), loading: 'Laddar notiser...' },
  { path: 'kallor', page: lazyPage(() => import('../features/lineups/pages/SourcesPage')), loading: 'Laddar källor...' },
  { path: 'video-archive', page: lazyPage(() => import('../features/videos/pages/VideoArchivePage')), loading: 'Laddar videor...' },
  { path: 'blog', page: lazyPage(() => import('../features/articles/pages/BlogPage')), loading: 'Laddar artiklar...' },
  { path: 'article/:id', page: lazyPage(() => import('../features/articles/pages/ArticlePage')), loading: 'Laddar artikel...' },
  { path: 'search', page: lazyPage(() => import('../features/search/pages/SearchPage')), loading: 'Söker...' },
  { path: 'about', page: lazyPage(() => import('../features/about/pages/AboutPage')), loading: 'Laddar om Melloarkivet...' },
  { path: 'login', page: lazyPage(() => import('../features/login/pages/LoginPage')), loading: 'Laddar inloggningen...' },
  { path: 'forum', page: lazyPage(() => import('../features/forum/pages/ForumPage')), loading: 'Laddar forumet...' },
  { path: 'lost-media', page: lazyPage(() => import('../features/forum/pages/ForumPage')), loading: 'Laddar forumet...' },
  { path: 'forum/post/:id', page: lazyPage(() => import('../features/forum/pages/ForumPostPage')), loading: 'Laddar inlägg...' },
  // Spec section 2, Admin panel: 'Laddar...'.
  { path: 'admin', page: lazyPage(() => import('../features/admin/pages/AdminPage')), loading: 'Laddar...' },
  { path: 'admin/edit-article/:id', page: lazyPage(() => import('../features/admin/pages/EditArticlePage')), loading: 'Laddar artikel...' },
  { path: 'admin/edit-year/:id', page: lazyPage(() => import('../features/admin/pages/EditYearPage')), loading: 'Laddar år...' },
  { path: 'admin/edit-video/:id', page: lazyPage(() => import('../features/admin/pages/EditVideoPage')), loading: 'Laddar video...' },
  { path: 'admin/history/:kind/:id', page: lazyPage(() => import('../features/admin/pages/AdminHistoryPage')), loading: 'Laddar historik...' },
  { path: '*', page: lazyPage(() => import('./NotFoundPage')), loading: 'Laddar sidan...' },
];

function ScreenRoute({ screen }: { screen: Screen }) {
  const params = useParams();
  const loading = typeof screen.loading === 'string' ? screen.loading : screen.loading(params);
  return (
    <Suspense fallback={<LoadingText>{loading}</LoadingText>}>
      <screen.page />
      <HydrationMark />
    </Suspense>
  );
}

const ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: SCREENS.map((screen) => ({
      ...(screen.path === '/' ? { index: true } : { path: screen.path }),
      element: <ScreenRoute screen={screen} />,
      handle: screen,
    })),
  },
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}

/** Loads the code of the screen at `pathname` (see lazyPage): before hydrating, and before a server render. */
export async function preloadScreen(pathname: string): Promise<void> {
  const screen = matchRoutes(ROUTES, pathname)?.at(-1)?.route.handle as Screen | undefined;
  await screen?.page.preload();
}
