import { useSearchParams } from 'react-router';
import { MailboxRequestsPage } from '../../features/applications/pages/mailbox-requests-page';
import { MailboxRequestPage } from '../../features/applications/pages/mailbox-request-page';
import { MailRequestQueue } from '../../features/mailbox-admin/components/mail-request-queue';
import { MailRequestPage } from '../../features/mailbox-admin/pages/mail-request-page';
import { PageWithHeader } from '../../components/ui/page-header';
import { cn } from '../../lib/utils';

type Tab = 'mail' | 'applications';

/**
 * /mailbox-requests holds two queues of the same operators: the customers' mail requests (default) and the
 * mailbox applications to review. Both features stay separate; this route composes them as tabs (?tab=).
 */
export function MailboxRequestsRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'applications' ? 'applications' : 'mail';
  const tabs: { id: Tab; label: string }[] = [
    { id: 'mail', label: 'Mail requests' },
    { id: 'applications', label: 'Applications' },
  ];
  return (
    <div className="grid gap-6">
      <div role="tablist" aria-label="Mailbox requests" className="flex gap-1 border-b">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            data-testid={`tab-${t.id}`}
            onClick={() => setParams(t.id === 'mail' ? {} : { tab: t.id }, { replace: true })}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring',
              tab === t.id
                ? 'border-primary text-primary'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'mail' ? (
          <PageWithHeader
            title="Mailbox Requests"
            description="Scan, forward, pickup, shred and junk requests across your mailboxes, oldest first."
          >
            <MailRequestQueue />
          </PageWithHeader>
        ) : (
          <MailboxRequestsPage />
        )}
      </div>
    </div>
  );
}

/** /mailbox-requests/{id}: a mail request (?tab=mail, as the queue links it) or an application (by user id). */
export function MailboxRequestRoute() {
  const [params] = useSearchParams();
  return params.get('tab') === 'mail' ? <MailRequestPage /> : <MailboxRequestPage />;
}
