import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button';

/** Status and message of whatever a route threw. */
export function describeRouteError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const dataMessage =
      typeof data === 'string'
        ? data
        : typeof data === 'object' && data !== null && 'message' in data
          ? String((data as { message: unknown }).message)
          : '';
    return { status: error.status, message: dataMessage || error.statusText || 'Unknown error' };
  }
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: typeof error === 'string' ? error : 'Unknown error' };
}

/** The route-level error screen of spec 2.2: 'Unexpected Application Error!' with status and message. */
export function RouteErrorScreen() {
  const { status, message } = describeRouteError(useRouteError());
  return (
    <main role="alert" className="flex min-h-dvh items-center justify-center bg-surface p-6">
      <div className="grid max-w-lg justify-items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
        <p className="text-lg font-semibold text-destructive" data-testid="error-status">
          {status}
        </p>
        <p className="text-sm break-words text-muted-foreground" data-testid="error-message">
          {message}
        </p>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </div>
    </main>
  );
}
