import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';

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
      <main role="alert" className="flex min-h-dvh items-center justify-center bg-surface p-6">
        <div className="grid max-w-md justify-items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <TriangleAlert aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold">Oops, something went wrong!</h1>
          <p className="text-sm break-words text-muted-foreground">{this.state.error.message}</p>
          <Button onClick={this.retry}>Try Again</Button>
        </div>
      </main>
    );
  }
}
