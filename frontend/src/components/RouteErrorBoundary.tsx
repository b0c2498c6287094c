import { Button } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { PageContainer } from './PageContainer';

type State = { failed: boolean };

/**
 * Catches a screen that fails to render or whose code chunk cannot be downloaded (offline, or a new release
 * replaced the files), so the visitor gets a Swedish message and a reload button instead of a blank page.
 * The layout keys it by path, so navigating elsewhere starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageContainer>
        <EmptyState as="h1" title="Något gick fel" description="Sidan kunde inte visas. Ladda om sidan och försök igen.">
          <Button colorPalette="gold" onClick={() => window.location.reload()}>
            Ladda om sidan
          </Button>
        </EmptyState>
      </PageContainer>
    );
  }
}
