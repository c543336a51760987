import { useState } from 'react';
import { CheckCircle2, KeyRound, PlugZap, RefreshCw, Truck, XCircle } from 'lucide-react';
import type { CarrierConfigDto } from '@postwise/shared/shipping-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { showError, showSuccess } from '../../../lib/toast';
import { useCarrierConfigs, useTestCarrier, useUpdateCarrier } from '../api/shipping-config-api';
import { dateTime } from '../../../lib/format';

const serviceKey = (s: { carrier: string; service: string }) => `${s.carrier}|${s.service}`;

function CarrierCard({ config }: { config: CarrierConfigDto }) {
  const update = useUpdateCarrier();
  const test = useTestCarrier();
  // The key is write-only: the field starts empty every time and is cleared once saved.
  const [apiKey, setApiKey] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const save = async (body: Omit<Parameters<typeof update.mutateAsync>[0], 'provider'>, what: string, done: string) => {
    setPending(what);
    try {
      await update.mutateAsync({ provider: config.provider, ...body });
      showSuccess(done);
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setPending(null);
    }
  };

  const toggleService = (key: string, enabled: boolean) => {
    const disabled = new Set(config.disabledServices);
    if (enabled) disabled.delete(key);
    else disabled.add(key);
    void save({ disabledServices: [...disabled] }, key, enabled ? 'Service enabled' : 'Service disabled');
  };

  const runTest = async () => {
    setResult(null);
    try {
      setResult(await test.mutateAsync(config.provider));
    } catch (error) {
      showError(error);
    }
  };

  const byCarrier = new Map<string, CarrierConfigDto['services']>();
  for (const s of config.services) byCarrier.set(s.carrier, [...(byCarrier.get(s.carrier) ?? []), s]);

  return (
    <Card data-testid={`carrier-${config.provider}`}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>{config.name}</CardTitle>
            <CardDescription>
              {config.needsCredentials
                ? 'Rates, labels, tracking and pickups through your own account with the provider.'
                : 'Built in: realistic rates, labels and tracking without any key.'}
            </CardDescription>
          </div>
          <Badge variant={config.enabled ? 'success' : 'neutral'}>{config.enabled ? 'Enabled' : 'Disabled'}</Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex items-center gap-3">
          <Checkbox
            id={`enabled-${config.provider}`}
            checked={config.enabled}
            disabled={pending === 'enabled'}
            onCheckedChange={(v) =>
              void save({ enabled: v === true }, 'enabled', v === true ? 'Carrier enabled' : 'Carrier disabled')
            }
          />
          <Label htmlFor={`enabled-${config.provider}`}>Offer this provider’s rates in quotes</Label>
        </div>

        {config.needsCredentials ? (
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!apiKey.trim()) return;
              void save({ apiKey: apiKey.trim() }, 'key', 'API key saved').then((ok) => ok && setApiKey(''));
            }}
          >
            <p className="flex items-center gap-2 text-sm" data-testid="credentials-state">
              <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
              {config.hasCredentials
                ? `API key saved (${config.credentialsHint ?? 'hidden'}). It is stored encrypted and never shown again.`
                : 'No API key saved yet.'}
            </p>
            <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <FormField label={config.hasCredentials ? 'Replace the API key' : 'API key'}>
                <Input
                  type="password"
                  autoComplete="off"
                  value={apiKey}
                  onChange={(e) => setApiKey(e.target.value)}
                  data-testid={`api-key-${config.provider}`}
                />
              </FormField>
              <Button type="submit" loading={pending === 'key'} disabled={!apiKey.trim()}>
                Save key
              </Button>
            </div>
            {config.hasCredentials ? (
              <Button
                type="button"
                variant="link"
                className="justify-self-start px-0 text-destructive"
                loading={pending === 'remove'}
                onClick={() => void save({ apiKey: null }, 'remove', 'API key removed')}
              >
                Remove the saved key
              </Button>
            ) : null}
          </form>
        ) : null}

        {config.services.length > 0 ? (
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-sm font-medium">Services offered</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {[...byCarrier].map(([carrier, services]) => (
                <div key={carrier} className="grid content-start gap-2">
                  <p className="text-sm font-semibold">{carrier}</p>
                  {services.map((s) => {
                    const key = serviceKey(s);
                    const id = `svc-${config.provider}-${key}`;
                    return (
                      <div key={key} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={s.enabled}
                          disabled={!config.enabled || pending === key}
                          onCheckedChange={(v) => toggleService(key, v === true)}
                        />
                        <Label htmlFor={id} className="font-normal">
                          {s.service}
                        </Label>
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          </fieldset>
        ) : config.needsCredentials ? (
          <p className="text-sm text-muted-foreground">
            Services come from the provider account once a key is saved and the connection works.
          </p>
        ) : null}

        <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground" data-testid={`last-test-${config.provider}`}>
            {config.lastTestedAt
              ? `Last test ${dateTime(config.lastTestedAt)}: ${config.lastTestOk ? 'connected' : 'failed'}`
              : 'Not tested yet'}
          </p>
          <Button
            variant="outline"
            loading={test.isPending}
            onClick={() => void runTest()}
            data-testid={`test-${config.provider}`}
          >
            <PlugZap aria-hidden="true" />
            Test connection
          </Button>
        </div>
        {result ? (
          <p
            role="status"
            className={`flex items-start gap-2 text-sm ${result.ok ? 'text-green-hover' : 'text-destructive'}`}
            data-testid={`test-result-${config.provider}`}
          >
            {result.ok ? (
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
            ) : (
              <XCircle aria-hidden="true" className="size-4 shrink-0" />
            )}
            {result.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /configuration/carrier: providers, their services, write-only API keys and a connection test. */
export function CarrierPage() {
  const carriers = useCarrierConfigs();
  let body;
  if (carriers.isPending) {
    body = (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading carriers">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  } else if (carriers.isError) {
    body = <QueryErrorState query={carriers} title="We could not load the carriers" icon={RefreshCw} />;
  } else if (carriers.data.length === 0) {
    body = <EmptyState icon={Truck} title="No carrier provider" description="No provider is configured." />;
  } else {
    body = (
      <div className="grid gap-6">
        {carriers.data.map((c) => (
          <CarrierCard key={c.provider} config={c} />
        ))}
      </div>
    );
  }
  return (
    <PageWithHeader
      title="Carrier"
      description="Choose which carriers and services customers are quoted, and connect your carrier accounts."
    >
      {body}
    </PageWithHeader>
  );
}
