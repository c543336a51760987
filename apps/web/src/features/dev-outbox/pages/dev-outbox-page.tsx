import { useEffect } from 'react';
import { Inbox, Paperclip, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useOutbox } from '../api/outbox';
import { HomeLogoLink } from '../../../components/brand/home-logo-link';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/**
 * The dev outbox: e-mails the embedded mailer kept instead of sending, newest first, so a
 * developer can read a code. Production has no outbox: the API answers 404 and this page says so; elsewhere
 * the API answers only this machine or a super admin.
 */
export function DevOutboxPage() {
  const outbox = useOutbox();
  useEffect(() => {
    document.title = 'Dev outbox';
  }, []);
  const unavailable = outbox.error instanceof ApiError && outbox.error.status === 404;
  // The server opens the outbox only to this machine or a signed-in super admin.
  const refused = outbox.error instanceof ApiError && (outbox.error.status === 401 || outbox.error.status === 403);

  return (
    <div className="min-h-dvh bg-surface">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-4xl items-center px-4 sm:px-6">
          <HomeLogoLink />
        </div>
      </header>
      <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
        <PageHeader
          title="Dev outbox"
          description="E-mails kept by the development mailer instead of being sent, newest first."
          actions={
            unavailable ? null : (
              <Button variant="outline" onClick={() => outbox.refetch()} loading={outbox.isFetching}>
                <RefreshCw aria-hidden="true" />
                Refresh
              </Button>
            )
          }
        />
        {outbox.isPending ? (
          <div className="grid gap-3" aria-label="Loading e-mails">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : unavailable ? (
          <Card data-testid="outbox-not-available">
            <CardContent className="text-center">
              <p className="font-semibold">The dev outbox is not available</p>
              <p className="text-sm text-muted-foreground">
                This server sends e-mail for real (production, or SMTP configured), so no copies are kept here.
              </p>
            </CardContent>
          </Card>
        ) : refused ? (
          <Card data-testid="outbox-refused">
            <CardContent className="text-center" role="alert">
              <p className="font-semibold">The dev outbox is not open to you</p>
              <p className="text-sm text-muted-foreground">
                It opens only on the machine the server runs on, or for a signed-in super admin.
              </p>
            </CardContent>
          </Card>
        ) : outbox.isError ? (
          <Card>
            <CardContent className="text-center text-sm text-destructive" role="alert">
              {outbox.error.message}
            </CardContent>
          </Card>
        ) : outbox.data.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title="No e-mails yet"
            description="Register or ask for a password reset to see one here."
          />
        ) : (
          <ul className="grid gap-3" data-testid="outbox-list">
            {outbox.data.map((m) => (
              <li key={m.id}>
                <Card>
                  <CardContent className="grid gap-2">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-semibold" data-testid="outbox-subject">
                        {m.subject}
                      </p>
                      <p className="text-xs text-muted-foreground">{when(m.createdAt)}</p>
                    </div>
                    <p className="text-sm text-muted-foreground">To: {m.to}</p>
                    <pre className="overflow-x-auto rounded-lg bg-muted p-3 font-sans text-sm whitespace-pre-wrap">
                      {m.text}
                    </pre>
                    {m.attachments?.length ? (
                      <ul className="flex flex-wrap gap-2 text-sm" aria-label="Attachments">
                        {m.attachments.map((a) => (
                          <li key={a.filename}>
                            <a
                              className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-primary hover:underline"
                              href={`data:${a.contentType};base64,${a.contentBase64}`}
                              download={a.filename}
                            >
                              <Paperclip className="size-4" aria-hidden="true" />
                              {a.filename} ({Math.max(1, Math.round(a.size / 1024))} KB)
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
