import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/errors/error-screen';
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
    <ErrorScreen title="Unexpected Application Error!" width="max-w-lg">
      <p className="text-lg font-semibold text-destructive" data-testid="error-status">
        {status}
      </p>
      <p className="text-sm break-words text-muted-foreground" data-testid="error-message">
        {message}
      </p>
      <Button onClick={() => window.location.reload()}>Reload page</Button>
    </ErrorScreen>
  );
}
