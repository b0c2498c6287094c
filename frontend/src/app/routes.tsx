import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout';
import { LoadingText } from '../components/LoadingText';

// Every screen is its own chunk, so the home route only downloads what it shows.
const HomePage = lazy(() => import('../pages/HomePage'));
const YearsPage = lazy(() => import('../pages/YearsPage'));
const YearPage = lazy(() => import('../pages/YearPage'));
const VideoArchivePage = lazy(() => import('../pages/VideoArchivePage'));
const BlogPage = lazy(() => import('../pages/BlogPage'));
const ArticlePage = lazy(() => import('../pages/ArticlePage'));
const SearchPage = lazy(() => import('../pages/SearchPage'));
const AboutPage = lazy(() => import('../pages/AboutPage'));
const LoginPage = lazy(() => import('../pages/LoginPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const ForumPage = lazy(() => import('../pages/ForumPage'));
const ForumPostPage = lazy(() => import('../pages/ForumPostPage'));
const AdminPage = lazy(() => import('../pages/AdminPage'));
const EditArticlePage = lazy(() => import('../features/admin/pages/EditArticlePage'));
const EditYearPage = lazy(() => import('../features/admin/pages/EditYearPage'));
const EditVideoPage = lazy(() => import('../features/admin/pages/EditVideoPage'));
const AdminHistoryPage = lazy(() => import('../pages/AdminHistoryPage'));
const ArtistPage = lazy(() => import('../features/lineups/pages/ArtistPage'));
const SongwriterPage = lazy(() => import('../features/lineups/pages/SongwriterPage'));
const StatisticsPage = lazy(() => import('../features/lineups/pages/StatisticsPage'));
const SourcesPage = lazy(() => import('../features/lineups/pages/SourcesPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route
          index
          element={
            <Page>
              <HomePage />
            </Page>
          }
        />
        <Route
          path="years"
          element={
            <Page>
              <YearsPage />
            </Page>
          }
        />
        <Route
          path="year/:year"
          element={
            <Page>
              <YearPage />
            </Page>
          }
        />
        <Route
          path="artist/:slug"
          element={
            <Page>
              <ArtistPage />
            </Page>
          }
        />
        <Route
          path="songwriter/:slug"
          element={
            <Page>
              <SongwriterPage />
            </Page>
          }
        />
        <Route
          path="notiser"
          element={
            <Page>
              <NotificationsPage />
            </Page>
          }
        />
        <Route
          path="statistik"
          element={
            <Page>
              <StatisticsPage />
            </Page>
          }
        />
        <Route
          path="kallor"
          element={
            <Page>
              <SourcesPage />
            </Page>
          }
        />
        <Route
          path="video-archive"
          element={
            <Page>
              <VideoArchivePage />
            </Page>
          }
        />
        <Route
          path="blog"
          element={
            <Page>
              <BlogPage />
            </Page>
          }
        />
        <Route
          path="article/:id"
          element={
            <Page>
              <ArticlePage />
            </Page>
          }
        />
        <Route
          path="search"
          element={
            <Page>
              <SearchPage />
            </Page>
          }
        />
        <Route
          path="about"
          element={
            <Page>
              <AboutPage />
            </Page>
          }
        />
        <Route
          path="login"
          element={
            <Page>
              <LoginPage />
            </Page>
          }
        />
        <Route
          path="forum"
          element={
            <Page>
              <ForumPage />
            </Page>
          }
        />
        <Route
          path="lost-media"
          element={
            <Page>
              <ForumPage />
            </Page>
          }
        />
        <Route
          path="forum/post/:id"
          element={
            <Page>
              <ForumPostPage />
            </Page>
          }
        />
        <Route
          path="admin"
          element={
            <Page>
              <AdminPage />
            </Page>
          }
        />
        <Route
          path="admin/edit-article/:id"
          element={
            <Page>
              <EditArticlePage />
            </Page>
          }
        />
        <Route
          path="admin/edit-year/:id"
          element={
            <Page>
              <EditYearPage />
            </Page>
          }
        />
        <Route
          path="admin/edit-video/:id"
          element={
            <Page>
              <EditVideoPage />
            </Page>
          }
        />
        <Route
          path="admin/history/:kind/:id"
          element={
            <Page>
              <AdminHistoryPage />
            </Page>
          }
        />
        <Route
          path="*"
          element={
            <Page>
              <NotFoundPage />
            </Page>
          }
        />
      </Route>
    </Routes>
  );
}

/** While a page's chunk downloads, a loading line stands where the page will be (never a blank page). */
function Page({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<LoadingText>Laddar...</LoadingText>}>{children}</Suspense>;
}
