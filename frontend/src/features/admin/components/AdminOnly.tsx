import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../../../auth/current-user';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';

/**
 * Shows its children to the administrator only (display only: the server checks every admin call, product
 * decision 1). While the user loads: 'Laddar...'. Others see 'Åtkomst nekad' (the panel, spec section 2) or are
 * sent to / (`redirect`, the edit pages).
 */
export function AdminOnly({ children, redirect = false }: { children: React.ReactNode; redirect?: boolean }) {
  const { isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <LoadingText>Laddar...</LoadingText>;
  if (isAdmin) return <>{children}</>;
  if (redirect) return <Navigate to="/" replace />;
  return (
    <PageContainer>
      <EmptyState as="h1" title="Åtkomst nekad" description="Endast administratörer kan komma åt denna sida." />
    </PageContainer>
  );
}
