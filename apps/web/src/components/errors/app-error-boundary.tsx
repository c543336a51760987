import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { ErrorScreen } from './error-screen';

interface State {
  error: Error | null;
}

/** The application-level fallback of spec 2.2: 'Oops, something went wrong!', the message and Try Again. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    window.location.reload();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorScreen title="Oops, something went wrong!" width="max-w-md">
        <p className="text-sm break-words text-muted-foreground">{this.state.error.message}</p>
        <Button onClick={this.retry}>Try Again</Button>
      </ErrorScreen>
    );
  }
}
