import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bell, Code, Download, KeyRound, MapPin, UserX, type LucideIcon } from 'lucide-react';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  CLOSE_ACCOUNT_CONSEQUENCES,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationPreferences,
} from '@postwise/shared/account-settings';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/input';
import { PageWithHeader } from '../../../components/ui/page-header';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import { hasShipment } from '@postwise/shared/roles';
import { useUserStore } from '../../../stores/user-store';
import {
  downloadAccountExport,
  useAccountSettings,
  useCloseAccount,
  useSaveNotificationPreferences,
} from '../api/account-api';
import { AccountPageState, IconCardHeader } from '../components/account-cards';
import { PushDeviceToggle } from '../components/push-device-toggle';

type Channel = keyof NotificationPreferences;

const CHANNEL_LABELS: Record<Channel, string> = {
  email: 'e-mail',
  inApp: 'in-app notification',
  push: 'push notification',
};

function NotificationsCard({ initial }: { initial: NotificationPreferences }) {
  const [prefs, setPrefs] = useState(initial);
  useEffect(() => setPrefs(initial), [initial]);
  const save = useSaveNotificationPreferences();
  const dirty = JSON.stringify(prefs) !== JSON.stringify(initial);
  const toggle = (channel: Channel, kind: NotificationEvent, on: boolean) =>
    setPrefs((p) => ({ ...p, [channel]: { ...p[channel], [kind]: on } }));

  return (
    <Card>
      <IconCardHeader
        icon={Bell}
        title="Notifications"
        description="Choose which events reach you by e-mail, which show in the app and which arrive as push notifications."
      />
      <CardContent className="grid gap-4">
        <table className="w-full text-sm">
          <caption className="sr-only">Notification preferences</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                Event
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium">
                E-mail
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium">
                In-app
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium">
                Push
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_EVENTS.map((event) => (
              <tr key={event.kind} className="border-b last:border-0">
                <th scope="row" className="py-3 text-left font-normal">
                  {event.label}
                </th>
                {(['email', 'inApp', 'push'] as const).map((channel) => (
                  <td key={channel} className="py-3 text-center">
                    <Checkbox
                      checked={prefs[channel][event.kind]}
                      onCheckedChange={(v) => toggle(channel, event.kind, v === true)}
                      aria-label={`${event.label} by ${CHANNEL_LABELS[channel]}`}
                      data-testid={`pref-${channel}-${event.kind}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <PushDeviceToggle />
        <div className="flex justify-end">
          <Button
            type="button"
            disabled={!dirty || save.isPending}
            onClick={() =>
              save.mutate(prefs, {
                onSuccess: () => showSuccess(ACCOUNT_SETTINGS_MESSAGES.preferencesSaved),
                onError: showError,
              })
            }
          >
            {save.isPending ? 'Saving…' : 'Save preferences'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function CloseAccountCard({ openInvoices }: { openInvoices: number }) {
  const navigate = useNavigate();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [downloading, setDownloading] = useState(false);
  const close = useCloseAccount();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAccountExport();
    } catch (err) {
      showError(err);
    } finally {
      setDownloading(false);
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(ACCOUNT_SETTINGS_MESSAGES.passwordRequired);
      return;
    }
    setError(undefined);
    close.mutate(password, {
      onSuccess: () => {
        useUserStore.getState().logout();
        void navigate('/login', { replace: true, state: { accountClosed: true } });
        showSuccess(ACCOUNT_SETTINGS_MESSAGES.closed);
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  return (
    <Card className="border-destructive/40">
      <IconCardHeader
        icon={UserX}
        className="text-destructive"
        title="Close account"
        description="Download your data first: after closing you cannot sign in again."
      />
      <CardContent className="grid gap-5">
        <div>
          <p className="mb-2 text-sm font-medium">What happens when you close your account</p>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground" data-testid="close-consequences">
            {CLOSE_ACCOUNT_CONSEQUENCES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {openInvoices > 0 ? (
            <p className="mt-3 text-sm font-medium" data-testid="open-invoices">
              You have {openInvoices} open {openInvoices === 1 ? 'invoice' : 'invoices'}.{' '}
              <Link to="/invoices-billing" className="text-primary underline underline-offset-2">
                Pay them in Invoices &amp; Billing
              </Link>
              .
            </p>
          ) : null}
        </div>
        <div>
          <Button type="button" variant="outline" onClick={() => void download()} disabled={downloading}>
            <Download aria-hidden="true" /> {downloading ? 'Preparing…' : 'Download my data (.zip)'}
          </Button>
        </div>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-sm">
          <FormField id={passwordId} label="Confirm with your password" error={error}>
            <PasswordInput
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          </FormField>
          <div>
            <Button type="submit" variant="destructive" disabled={close.isPending}>
              {close.isPending ? 'Closing…' : 'Close my account'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** A card that only leads to another page (change password, API keys). */
function LinkCard({
  icon,
  title,
  description,
  to,
  label,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  to: string;
  label: string;
  testId?: string;
}) {
  return (
    <Card>
      <IconCardHeader icon={icon} title={title} description={description} />
      <CardContent>
        <Button variant="outline" size="sm" asChild>
          <Link to={to} data-testid={testId}>
            {label}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /account-settings: notifications, default sender, password, and closing the account. */
export function AccountSettingsPage() {
  const settings = useAccountSettings();
  const shipper = useUserStore((s) => hasShipment(s.user?.accountType ?? null));
  return (
    <PageWithHeader title="Account Settings" description="Notifications, shipping defaults, password and your account.">
      {settings.isPending || settings.isError ? (
        <AccountPageState
          query={settings}
          loadingLabel="Loading account settings"
          failure="We could not load your account settings."
          skeletons={['h-64', 'h-32']}
        />
      ) : (
        <>
          <NotificationsCard initial={settings.data.notificationPreferences} />
          <div className={shipper ? 'grid gap-6 md:grid-cols-2' : 'grid gap-6'}>
            {shipper ? (
              <Card>
                <IconCardHeader
                  icon={MapPin}
                  title="Default sender address"
                  description="Filled in for you when you create a shipment."
                />
                <CardContent className="grid gap-3 text-sm">
                  {settings.data.defaultSenderAddress ? (
                    <address className="not-italic" data-testid="default-sender">
                      <span className="block font-medium">{settings.data.defaultSenderAddress.name}</span>
                      <span className="block">{settings.data.defaultSenderAddress.line1}</span>
                      <span className="block">
                        {settings.data.defaultSenderAddress.city}, {settings.data.defaultSenderAddress.state}{' '}
                        {settings.data.defaultSenderAddress.zipCode}
                      </span>
                    </address>
                  ) : (
                    <p className="text-muted-foreground">No default sender address yet.</p>
                  )}
                  <div>
                    <Button variant="outline" size="sm" asChild>
                      <Link to="/address-list">Manage addresses</Link>
                    </Button>
                  </div>
                </CardContent>
              </Card>
            ) : null}
            <LinkCard
              icon={KeyRound}
              title="Password"
              description="Change the password you sign in with."
              to="/change-password"
              label="Change password"
            />
          </div>
          <LinkCard
            icon={Code}
            title="API & Webhooks"
            description="API keys for your own integrations, and events sent to your systems."
            to="/developers"
            label="Manage API keys and webhooks"
            testId="open-developers"
          />
          <CloseAccountCard openInvoices={settings.data.openInvoices} />
        </>
      )}
    </PageWithHeader>
  );
}
