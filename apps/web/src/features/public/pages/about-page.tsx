import { Link } from 'react-router';
import { Clock, Eye, HeartHandshake, Lock, MapPin } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { IconList } from '../components/icon-list';
import { StoreIllustration } from '../components/store-illustration';
import { PageHero, Section, SectionHeading } from '../components/section';
import { SHIPPING_DISCOUNT, STORE, STORE_MAP_URL } from '../lib/company';
import { usePageMeta } from '../lib/use-page-meta';

const VALUES = [
  {
    icon: Lock,
    title: 'Private by default',
    text: 'Only our staff handle your mail, only to do what you asked. Documents you want destroyed are shredded, not binned.',
  },
  {
    icon: Eye,
    title: 'No surprise fees',
    text: 'Every plan lists its receiving, storage and late fees in plain words before you sign up.',
  },
  {
    icon: HeartHandshake,
    title: 'People who answer',
    text: 'A real team at our Los Angeles store answers messages within one business day.',
  },
];

export function AboutPage() {
  usePageMeta(
    'About Postwise: a private virtual mailbox and discounted shipping service run from a store in downtown Los Angeles, for travellers, remote workers and small businesses.',
  );

  return (
    <>
      <PageHero
        eyebrow="About us"
        title="A mailroom you can trust, wherever you are"
        lead="Postwise is run from a store in downtown Los Angeles, where we receive, scan and ship for our customers every day. It answers two everyday questions: “Who looks after my mail while I am away?” and “Why is postage so expensive?”"
        aside={<StoreIllustration className="w-full max-w-sm" />}
      />

      <Section aria-labelledby="story-heading">
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="grid content-start gap-4">
            <SectionHeading id="story-heading" align="left" eyebrow="What we do" title="Two services, one account" />
            <p className="text-base leading-7 text-muted-foreground">
              With a <strong className="text-foreground">virtual mailbox</strong> you get a real street address with
              your own PMB number. We receive your letters, packages and even pallets, scan them, and forward, hold,
              shred or consolidate them the way you choose, from the website or our apps.
            </p>
            <p className="text-base leading-7 text-muted-foreground">
              With a <strong className="text-foreground">shipping account</strong> you send parcels at{' '}
              {SHIPPING_DISCOUNT} or more off the carriers’ retail postage, pay per shipment or later on your invoice,
              and track every parcel in one place.
            </p>
            <p className="text-base leading-7 text-muted-foreground">
              Our customers are people who travel or live abroad, remote workers who want their home address kept
              private, and small businesses that need a professional address and a cheaper way to ship.
            </p>
          </div>
          <IconList items={VALUES} tone="navy" className="content-start" />
        </div>
      </Section>

      <Section aria-labelledby="store-heading" className="bg-surface">
        <div className="grid gap-8 rounded-3xl border bg-background p-6 shadow-xs sm:p-10 lg:grid-cols-2">
          <div className="grid content-start gap-4">
            <SectionHeading id="store-heading" align="left" eyebrow="Visit us" title={STORE.name} />
            <p className="flex items-start gap-3 text-base">
              <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-green" />
              <span>
                {STORE.street}
                <br />
                {STORE.city}, {STORE.state} {STORE.zip}
              </span>
            </p>
            <div className="flex items-start gap-3 text-base">
              <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <dl className="grid gap-1">
                {STORE.hours.map((h) => (
                  <div key={h.days} className="flex flex-wrap gap-x-2">
                    <dt className="font-medium">{h.days}:</dt>
                    <dd className="text-muted-foreground">{h.time}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="flex flex-wrap gap-3 pt-2">
              <Button asChild variant="green">
                <a href={STORE_MAP_URL} target="_blank" rel="noopener noreferrer">
                  <MapPin aria-hidden="true" />
                  Open in maps<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
              <Button asChild variant="outline">
                <Link to="/contact">Contact us</Link>
              </Button>
            </div>
          </div>
          <div className="grid content-center gap-3 rounded-2xl bg-primary-soft p-6">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Your address with us</p>
            <p className="font-mono text-base leading-7 text-navy-950 sm:text-lg">
              Your Name
              <br />
              {STORE.street}, {STORE.examplePmb}
              <br />
              {STORE.city}, {STORE.state} {STORE.zip}
            </p>
            <p className="text-sm text-muted-foreground">
              “PMB” or “#” followed by your mailbox number; you get yours when your application is approved.
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
