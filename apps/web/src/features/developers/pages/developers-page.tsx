import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PageWithHeader } from '../../../components/ui/page-header';
import { useUserStore } from '../../../stores/user-store';
import { ApiKeysCard } from '../components/api-keys-card';
import { WebhooksCard } from '../components/webhooks-card';

/**
 * /developers (customers and sub-admins): API keys and signed webhooks. Reached from Account Settings (customers)
 * and Configuration → Account Setting (sub-admins); the README documents the calls and the signature check.
 */
export function DevelopersPage() {
  const role = useUserStore((s) => s.user?.role.code);
  const back = role === 'SUB_ADMIN' ? '/configuration/account-setting' : '/account-settings';
  return (
    <PageWithHeader
      title="API & Webhooks"
      description="Keys for your own integrations, and events sent to your systems as they happen."
      actions={
        <Button variant="outline" asChild>
          <Link to={back}>
            <ArrowLeft aria-hidden="true" />
            Back to settings
          </Link>
        </Button>
      }
    >
      <ApiKeysCard />
      <WebhooksCard />
    </PageWithHeader>
  );
}
