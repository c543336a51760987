import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  BadgePercent,
  Boxes,
  ClipboardList,
  Forklift,
  Hand,
  MapPin,
  PackageSearch,
  ScanLine,
  Send,
  ShieldOff,
  Shredder,
  Wallet,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { AppDownload } from '../components/app-download';
import { ArrowLink } from '../components/arrow-link';
import { IconList } from '../components/icon-list';
import type { IconItem } from '../components/icon-tones';
import { ShippingIllustration } from '../components/shipping-illustration';
import { PageHero, Section, SectionHeading } from '../components/section';
import { NAMES_PER_PLAN, SHIPPING_DISCOUNT, STORE } from '../lib/company';
import { usePageMeta } from '../lib/use-page-meta';

// The analysis (forms, report, chart) is its own chunk, fetched only when opened: public pages' JS budget.
const ShippingAnalysis = lazy(() =>
  import('../components/shipping-analysis').then((m) => ({ default: m.ShippingAnalysis })),
);

const MAILBOX_SERVICES: IconItem[] = [
  {
    icon: MapPin,
    title: 'A real street address',
    text: `Your own PMB number at a Los Angeles street address, for up to ${NAMES_PER_PLAN} names. Use it for banks, online stores and every carrier.`,
  },
  {
    icon: ScanLine,
    title: 'Mail and package scans',
    text: 'We photograph the outside of every envelope and parcel on arrival. Ask for an open-and-scan and the contents arrive as a PDF in your inbox.',
  },
  {
    icon: Send,
    title: 'Forwarding',
    text: 'Pick the items, pick an address, and we ship them at standard carrier rates. Insurance is offered for anything valuable.',
  },
  {
    icon: Hand,
    title: 'Hold for pickup',
    text: `Collect at ${STORE.street} with a one-time passcode. The authorized individual on your application can pick up without one.`,
  },
  {
    icon: Shredder,
    title: 'Shredding',
    text: 'Paperwork you do not need is shredded securely on request, and the item shows when it was done.',
  },
  {
    icon: ShieldOff,
    title: 'Junk-mail filtering',
    text: 'Catalogues and flyers are kept out of your way; mark anything as junk in one tap.',
  },
  {
    icon: Boxes,
    title: 'Consolidation',
    text: 'We combine several packages into one box before forwarding, so you pay postage once.',
  },
  {
    icon: Forklift,
    title: 'Pallets and freight',
    text: 'Pallets are received at our loading area and stored for you; receiving and storage fees are listed with each plan.',
  },
];

const SHIPPING_SERVICES: IconItem[] = [
  {
    icon: BadgePercent,
    title: `${SHIPPING_DISCOUNT} or more off postage`,
    text: 'Negotiated carrier rates, quoted before you buy the label, with no subscription needed for a shipping account.',
  },
  {
    icon: Wallet,
    title: 'Pay per shipment, or ship now and pay later',
    text: 'Pay for each label as you go, or ship today and settle on your invoice.',
  },
  {
    icon: PackageSearch,
    title: 'Several packages, one destination',
    text: 'Send multiple packages to one address in a single shipment and track them together.',
  },
  {
    icon: ClipboardList,
    title: 'Free shipping-cost analysis',
    text: 'Share what you shipped last month and we show what it would have cost with us, carrier by carrier.',
  },
];

export function HelpPage() {
  usePageMeta(
    'How Postwise helps: mail and package scans, forwarding, pickup, shredding, junk filtering, consolidation and pallet storage at a Los Angeles address, shipping at 70% or more off, and our mobile apps.',
  );
  const [params] = useSearchParams();
  const appSection = useRef<HTMLElement>(null);
  const wantsApps = params.has('id');
  const [analysisOpen, setAnalysisOpen] = useState(params.has('analysis'));

  // Spec 2.3: a query `id` scrolls to the app-download section (after the router's own scroll restoration).
  useEffect(() => {
    if (!wantsApps) return;
    const frame = requestAnimationFrame(() => {
      appSection.current?.scrollIntoView({ block: 'start' });
      appSection.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [wantsApps]);

  return (
    <>
      <PageHero
        eyebrow="How we can help"
        title="Your mailroom and shipping desk, run for you"
        lead={`Whether you travel, run a business from home or just want your mail out of a shared lobby, we receive it at a real Los Angeles street address and handle it the way you ask. One mailbox plan covers up to ${NAMES_PER_PLAN} names.`}
        aside={<ShippingIllustration className="w-full max-w-sm" />}
      >
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="orange" size="lg">
            <Link to="/register">Get started</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/mailbox-pricing">See pricing</Link>
          </Button>
        </div>
      </PageHero>

      <Section aria-labelledby="mailbox-services-heading">
        <SectionHeading
          id="mailbox-services-heading"
          align="left"
          eyebrow="Virtual mailbox"
          title="Everything that arrives, handled your way"
          lead={`Your address looks like ${STORE.street}, ${STORE.examplePmb}, ${STORE.city}, ${STORE.state} ${STORE.zip}. Banks, stores and every carrier deliver to it.`}
        />
        <div className="mt-8">
          <IconList items={MAILBOX_SERVICES} tone="green" className="sm:grid-cols-2" />
        </div>
      </Section>

      <Section aria-labelledby="shipping-services-heading" className="bg-surface">
        <SectionHeading
          id="shipping-services-heading"
          align="left"
          eyebrow="Shipping"
          title="Ship more, spend less"
          lead="A shipping account is free to open. Compare carriers, print the label, and track every parcel in one list."
        />
        <div className="mt-8">
          <IconList items={SHIPPING_SERVICES} tone="orange" className="sm:grid-cols-2" />
        </div>
        <div className="mt-8">
          <ArrowLink to="/public/track">Track a shipment</ArrowLink>
        </div>
      </Section>

      <Section aria-labelledby="analysis-heading" id="analysis">
        <SectionHeading
          id="analysis-heading"
          align="left"
          eyebrow="Free, no account needed"
          title="See what you would save"
          lead="Upload a CSV of past shipments, or enter one ZIP pair and package. We compare each with our price and add up the saving."
        />
        <div className="mt-8">
          {analysisOpen ? (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted-foreground">
                  Loading the analysis…
                </p>
              }
            >
              <ShippingAnalysis />
            </Suspense>
          ) : (
            <Button variant="orange" size="lg" onClick={() => setAnalysisOpen(true)} data-testid="open-analysis">
              <ClipboardList aria-hidden="true" />
              Start the free shipping-cost analysis
            </Button>
          )}
        </div>
      </Section>

      <AppDownload ref={appSection} />
    </>
  );
}
