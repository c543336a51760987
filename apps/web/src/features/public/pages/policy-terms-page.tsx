import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { PageHero, Section } from '../components/section';
import { STORE, SUPPORT_PHONE } from '../lib/company';
import { usePageMeta } from '../lib/use-page-meta';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-semibold text-navy-950">{title}</h3>
      <div className="grid gap-3 text-base leading-7 text-muted-foreground">{children}</div>
    </div>
  );
}

function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="grid list-disc gap-2 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The platform's own privacy policy and terms (spec 2.6: the static pages that registration falls back to when a
 * reseller has not published their own). The mailbox terms follow the rental contract of spec 9.
 */
export function PolicyTermsPage() {
  usePageMeta(
    `${PRODUCT_NAME} privacy policy and terms of service: what we collect for USPS Form 1583, how mail scans are handled, payment terms, fees, storage and liability.`,
  );

  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Policy & Terms"
        lead="The plain-language rules of our mailbox and shipping services, and how we look after your information."
      >
        <nav aria-label="On this page" className="flex flex-wrap gap-3 text-sm font-semibold">
          <a href="#privacy" className="rounded-full border bg-background px-4 py-2 text-primary hover:bg-muted">
            Privacy Policy
          </a>
          <a href="#terms" className="rounded-full border bg-background px-4 py-2 text-primary hover:bg-muted">
            Terms of Service
          </a>
        </nav>
      </PageHero>

      <Section innerClassName="max-w-3xl">
        <article className="grid gap-12">
          <section aria-labelledby="privacy" className="grid scroll-mt-20 gap-8">
            <h2 id="privacy" className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl">
              Privacy Policy
            </h2>
            <Block title="What we collect">
              <Bullets
                items={[
                  'Account details: your name, e-mail address, phone number and postal address, and the same for a business or an authorized individual if you add one.',
                  'Identity documents for USPS Form 1583: a photo ID and a proof of address for each mailbox holder, and a court order if you tell us you are a court-protected individual.',
                  'Your mail and parcels: images of the outside of each item, and of the contents only when you ask us to open and scan it.',
                  'Shipping details: sender and receiver addresses, package sizes and the carrier’s tracking events.',
                  'Payment details are handled by our card payment provider; we keep only the card brand, the last four digits and the expiry date.',
                ]}
              />
            </Block>
            <Block title="How we use it">
              <p>
                To run your mailbox and shipments, to verify your identity as the US Postal Service requires of every
                commercial mail-receiving agency, to bill you, and to answer your questions. We do not sell your
                information and we do not read your mail beyond what a request of yours needs.
              </p>
            </Block>
            <Block title="Who sees it">
              <p>
                Our staff, only to do what you asked; the carriers that deliver your shipments; the US Postal Service,
                which receives your Form 1583; and the service providers that host our systems, under contract and only
                for that purpose. Public tracking shows only the names, street line, state, ZIP code and country of
                sender and receiver, the carrier and the scan events.
              </p>
            </Block>
            <Block title="How long we keep it">
              <p>
                As long as your account is open and afterwards as long as the law requires (Form 1583 records must be
                kept for the period the Postal Service sets).
              </p>
            </Block>
            <Block title="Your choices">
              <p>
                You can update your details in your account settings and unsubscribe from the newsletter at any time. To
                ask what we hold about you, or to close your account, contact us.
              </p>
            </Block>
          </section>

          <section aria-labelledby="terms" className="grid scroll-mt-20 gap-8 border-t pt-12">
            <h2 id="terms" className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl">
              Terms of Service
            </h2>
            <Block title="Your mailbox">
              <Bullets
                items={[
                  `Your mailbox address is a street address in ${STORE.city}, California, with a PMB or # designation that identifies your mailbox.`,
                  'A mailbox receives mail for at most 3 persons at that address; a standard plan covers up to 2 names.',
                  'Only the authorized individual named on your application may pick up mail without a one-time passcode.',
                  'Please pick up or forward your mail at least once a month. Parcels are to be retrieved within 24 hours of our arrival notice; storage fees apply as listed with your plan.',
                  'As a California private mailbox, we keep your signed USPS Form 1583 and copies of your identification as the law requires.',
                ]}
              />
            </Block>
            <Block title="Payment">
              <Bullets
                items={[
                  'Payment is due within 14 days of each invoice. After that a late fee is added for each week the invoice stays unpaid.',
                  'After 15 days of non-payment the mailbox needs reinstatement, with the reinstatement fee of your plan, before mail is handled again.',
                  'A default of 14 days or more allows us to end the agreement.',
                  'Plans are not prorated and payments are not refunded.',
                ]}
              />
            </Block>
            <Block title="Fees">
              <p>
                Each plan lists its fees on the{' '}
                <Link to="/mailbox-pricing" className="font-medium text-primary underline">
                  Mailbox Pricing
                </Link>{' '}
                page: package receiving (5 packages a month are free), consolidation, overweight packages (50 lb or
                more, or length + width + height of 50 or more), mail storage after 30 days, package and pallet storage
                after 3 days, pallet receiving, wrong-address items, late payment and reinstatement. Forwarding is
                charged at standard carrier rates.
              </p>
            </Block>
            <Block title="Liability">
              <p>
                Our liability for any item we receive, store or forward is limited to $100. For valuable items, add
                insurance when you forward them or ship them through us.
              </p>
            </Block>
            <Block title="Shipping">
              <p>
                Rates are quoted before you buy a label and are charged per shipment, or on your invoice if you ship now
                and pay later. Delivery times are the carrier’s estimates.
              </p>
            </Block>
            <Block title="Questions">
              <p>
                Call us at{' '}
                <a href={SUPPORT_PHONE.href} className="font-medium text-primary underline">
                  {SUPPORT_PHONE.display}
                </a>{' '}
                or write to us through the{' '}
                <Link to="/contact" className="font-medium text-primary underline">
                  contact form
                </Link>
                .
              </p>
            </Block>
          </section>
        </article>
      </Section>
    </>
  );
}
