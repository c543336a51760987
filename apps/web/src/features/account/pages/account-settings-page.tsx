import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bell, Code, Download, KeyRound, MapPin, UserX } from 'lucide-react';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  CLOSE_ACCOUNT_CONSEQUENCES,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationPreferences,
} from '@postwise/shared/account-settings';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import { hasShipment } from '@postwise/shared/roles';
import { useUserStore } from '../../../stores/user-store';
import {
  downloadAccountExport,
  useAccountSettings,
  useCloseAccount,
  useSaveNotificationPreferences,
} from '../api/account-api';
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
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell aria-hidden="true" className="size-5" /> Notifications
        </CardTitle>
        <CardDescription>
          Choose which events reach you by e-mail, which show in the app and which arrive as push notifications.
        </CardDescription>
      </CardHeader>
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
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <UserX aria-hidden="true" className="size-5" /> Close account
        </CardTitle>
        <CardDescription>Download your data first: after closing you cannot sign in again.</CardDescription>
      </CardHeader>
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

/** /account-settings: notifications, default sender, password, and closing the account. */
export function AccountSettingsPage() {
  const settings = useAccountSettings();
  const shipper = useUserStore((s) => hasShipment(s.user?.accountType ?? null));
  return (
    <div className="grid gap-6">
      <PageHeader title="Account Settings" description="Notifications, shipping defaults, password and your account." />
      {settings.isPending ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading account settings">
          <Skeleton className="h-64" />
          <Skeleton className="h-32" />
        </div>
      ) : settings.isError ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 py-6">
            <p role="alert">We could not load your account settings.</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <NotificationsCard initial={settings.data.notificationPreferences} />
          <div className={shipper ? 'grid gap-6 md:grid-cols-2' : 'grid gap-6'}>
            {shipper ? (
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <MapPin aria-hidden="true" className="size-5" /> Default sender address
                  </CardTitle>
                  <CardDescription>Filled in for you when you create a shipment.</CardDescription>
                </CardHeader>
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
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <KeyRound aria-hidden="true" className="size-5" /> Password
                </CardTitle>
                <CardDescription>Change the password you sign in with.</CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant="outline" size="sm" asChild>
                  <Link to="/change-password">Change password</Link>
                </Button>
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Code aria-hidden="true" className="size-5" /> API & Webhooks
              </CardTitle>
              <CardDescription>API keys for your own integrations, and events sent to your systems.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" size="sm" asChild>
                <Link to="/developers" data-testid="open-developers">
                  Manage API keys and webhooks
                </Link>
              </Button>
            </CardContent>
          </Card>
          <CloseAccountCard openInvoices={settings.data.openInvoices} />
        </>
      )}
    </div>
  );
}
