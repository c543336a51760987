import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BadgePercent, PackageSearch, SearchX, TriangleAlert } from 'lucide-react';
import type { TrackingResult } from '@postwise/shared/public-tracking';
import type { TrackingInput } from '@postwise/shared/schemas/public';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/toast';
import { useTrackShipment } from '../api/track';
import { TrackingResultView } from '../components/tracking-result';
import { Section } from '../components/section';
import { TRACKING_SAVINGS } from '../lib/company';
import { usePageMeta } from '../lib/use-page-meta';

/** Query parameter that prefills the tracking number (spec 2.3). */
const PREFILL_PARAM = 't_n';

/** The shared schema, loaded when the form is first touched (keeps zod out of the page's first load). */
let schemaLoad: Promise<(typeof import('@postwise/shared/schemas/public'))['trackingSchema']> | undefined;
function trackingSchema() {
  return (schemaLoad ??= import('@postwise/shared/schemas/public')
    .then((m) => m.trackingSchema)
    .catch((error: unknown) => {
      // A failed chunk load is tried again on the next validation.
      schemaLoad = undefined;
      throw error;
    }));
}
const preloadSchema = () => void trackingSchema().catch(() => undefined);

/** The schema's verdict on the field: the trimmed number, or the first message. */
async function validateTracking(trackingNumber: string): Promise<{ values: TrackingInput } | { error: string }> {
  const parsed = (await trackingSchema()).safeParse({ trackingNumber });
  if (parsed.success) return { values: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? 'Tracking number is required.' };
}

export function TrackPage() {
  usePageMeta(
    'Track a Postwise shipment by tracking number: carrier, service, expected delivery and every scan along the way, without signing in.',
  );
  const [params, setParams] = useSearchParams();
  const prefill = params.get(PREFILL_PARAM)?.trim() ?? '';
  const track = useTrackShipment();
  const [result, setResult] = useState<TrackingResult | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One field, so no form library: validated on submit, then again on every change (react-hook-form's onSubmit
  // mode with reValidateMode onChange), and a rejected submit focuses the field.
  const input = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  const validation = useRef(0);
  const [fieldError, setFieldError] = useState<string | undefined>();

  async function validateField(): Promise<TrackingInput | null> {
    const run = ++validation.current;
    const verdict = await validateTracking(input.current?.value ?? '');
    if (run !== validation.current) return null;
    setFieldError('error' in verdict ? verdict.error : undefined);
    return 'values' in verdict ? verdict.values : null;
  }

  async function lookUp(trackingNumber: string) {
    setFailure(null);
    setNotFound(false);
    try {
      setResult(await track.mutateAsync({ trackingNumber }));
    } catch (error) {
      // Spec 8: a failed lookup clears the result and shows 'Shipment not found'; a refusal for another reason
      // (too many lookups, no connection) says what happened instead.
      setResult(null);
      if (error instanceof ApiError && (error.status === 404 || error.status === 422)) setNotFound(true);
      else setFailure(errorText(error));
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitted.current = true;
    const values = await validateField();
    if (!values) {
      input.current?.focus();
      return;
    }
    setParams({ [PREFILL_PARAM]: values.trackingNumber }, { replace: true });
    void lookUp(values.trackingNumber);
  }

  // A link carrying ?t_n= (e.g. from a shipping e-mail) fills the field and looks the number up once.
  const looked = useRef(false);
  useEffect(() => {
    if (prefill && !looked.current) {
      looked.current = true;
      if (input.current) input.current.value = prefill;
      void lookUp(prefill);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onTrackingChange() {
    // Spec 4: the not-found flag clears whenever the input changes.
    setNotFound(false);
    setFailure(null);
    if (submitted.current) void validateField();
  }

  return (
    <>
      <section className="border-b bg-gradient-to-b from-primary-soft to-background">
        <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-12 text-center sm:px-6 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-orange uppercase">Track shipment</p>
          <h1 className="text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl lg:text-5xl">
            Where is my parcel?
          </h1>
          <p className="text-base leading-7 text-muted-foreground sm:text-lg">
            Enter the tracking number from your receipt or shipping e-mail. No account needed.
          </p>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="mx-auto grid w-full max-w-xl gap-3 text-left sm:grid-cols-[1fr_auto] sm:items-start"
            aria-label="Track a shipment"
            onFocus={preloadSchema}
            onPointerDown={preloadSchema}
          >
            <ReadyFieldset>
              <FormField label="Tracking number" error={fieldError}>
                <Input
                  placeholder="e.g. PW7342918560"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="h-12 text-base"
                  data-testid="tracking-input"
                  name="trackingNumber"
                  ref={input}
                  onChange={onTrackingChange}
                />
              </FormField>
              <Button
                type="submit"
                variant="orange"
                size="lg"
                loading={track.isPending}
                // Down by the label row (14 px line + the field's 8 px gap), level with the input beside it.
                className="sm:mt-5.5"
                data-testid="tracking-submit"
              >
                Track
              </Button>
            </ReadyFieldset>
          </form>
        </div>
      </section>

      <Section className="py-10 sm:py-14" aria-live="polite" aria-busy={track.isPending}>
        {track.isPending ? (
          <div className="grid gap-6 lg:grid-cols-[1fr_1.3fr]" aria-label="Looking up your shipment">
            <Skeleton className="h-80 rounded-card" />
            <Skeleton className="h-80 rounded-card" />
          </div>
        ) : result ? (
          <TrackingResultView result={result} onFullResult={setResult} />
        ) : notFound ? (
          <EmptyState
            icon={SearchX}
            title="Shipment not found"
            description="Check the number for typos. New labels can take a few minutes to appear."
          />
        ) : failure ? (
          <EmptyState icon={TriangleAlert} title="We could not look that up" description={failure} />
        ) : (
          <EmptyState
            icon={PackageSearch}
            title="Please enter tracking number"
            description="Postwise numbers start with PW. You can also use the carrier’s own tracking number."
          />
        )}
      </Section>

      <Section className="pt-0 sm:pt-0" aria-labelledby="savings-heading">
        <Card className="overflow-hidden">
          <CardContent className="grid gap-6 sm:grid-cols-[auto_1fr_auto] sm:items-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-orange-soft text-orange">
              <BadgePercent aria-hidden="true" className="size-7" />
            </span>
            <div className="grid gap-1">
              <h2 id="savings-heading" className="text-xl font-bold text-navy-950">
                Save more than {TRACKING_SAVINGS} on your next shipment
              </h2>
              <p className="text-sm leading-6 text-muted-foreground">
                Senders who ship with Postwise save more than {TRACKING_SAVINGS} compared with retail postage on many
                routes. Compare carriers, print the label and track it right here.
              </p>
            </div>
            <Button asChild variant="orange">
              <Link to="/register">Start shipping</Link>
            </Button>
          </CardContent>
        </Card>
      </Section>
    </>
  );
}
