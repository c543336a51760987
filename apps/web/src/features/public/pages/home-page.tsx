import { Link } from 'react-router';
import { ArrowRight, CheckCircle2, FileCheck2, Inbox, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ArrowLink } from '../components/arrow-link';
import { FaqAccordion } from '../components/faq-accordion';
import { FeatureGrid } from '../components/feature-grid';
import { HeroIllustration } from '../components/hero-illustration';
import { Section, SectionHeading } from '../components/section';
import { Testimonials } from '../components/testimonials';
import { NAMES_PER_PLAN, SHIPPING_DISCOUNT, STORE } from '../lib/company';
import { usePageMeta } from '../lib/use-page-meta';

const HERO_POINTS = [
  'Real street address with your own PMB',
  'Scans of every envelope and package',
  `Shipping at ${SHIPPING_DISCOUNT} or more off postage`,
];

const STEPS = [
  {
    icon: UserPlus,
    title: 'Create your account',
    text: 'Choose a mailbox, a shipping account or both. It takes a few minutes.',
  },
  {
    icon: FileCheck2,
    title: 'Verify your ID',
    text: 'Upload a photo ID and a proof of address for USPS Form 1583 and sign the rental agreement online.',
  },
  {
    icon: Inbox,
    title: 'Start receiving',
    text: 'Give out your new address. Every letter and parcel shows up in your inbox the day it arrives.',
  },
];

export function HomePage() {
  usePageMeta(
    'Postwise gives you a real Los Angeles street address with mail and package scans, forwarding, pickup, shredding and consolidation, plus shipping at 70% or more off carrier postage.',
  );

  return (
    <>
      <section className="overflow-hidden border-b bg-gradient-to-b from-primary-soft via-background to-background">
        <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pb-20">
          <div className="grid gap-6">
            <p className="inline-flex w-fit items-center gap-2 rounded-full bg-green-soft px-3 py-1 text-sm font-semibold text-green-hover">
              <span aria-hidden="true" className="size-2 rounded-full bg-green" />
              Virtual mailbox in {STORE.city}
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-navy-950 sm:text-5xl lg:text-6xl">
              Your mail, <span className="text-primary">anywhere</span>. Your shipping,{' '}
              <span className="text-orange">for less</span>.
            </h1>
            <p className="max-w-xl text-lg leading-8 text-muted-foreground">
              Get a real Los Angeles street address, see every letter and package the day it arrives, and decide from
              your phone: scan, forward, pick up, shred. Ship anything at {SHIPPING_DISCOUNT} or more off carrier
              postage.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild variant="orange" size="lg">
                <Link to="/register">
                  Get started
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link to="/help">See how we can help</Link>
              </Button>
            </div>
            <ul className="grid gap-2 text-sm text-foreground sm:grid-cols-1">
              {HERO_POINTS.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <CheckCircle2 aria-hidden="true" className="size-4 text-green" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <HeroIllustration className="mx-auto w-full max-w-md lg:max-w-none" />
        </div>
      </section>

      <Section aria-labelledby="features-heading">
        <SectionHeading
          id="features-heading"
          eyebrow="Everything in one place"
          title="A mailroom that fits in your pocket"
          lead={`One plan covers up to ${NAMES_PER_PLAN} names. Everything else is a tap away, and every fee is listed up front.`}
        />
        <FeatureGrid className="mt-10" />
      </Section>

      <Section aria-labelledby="steps-heading" className="bg-surface">
        <SectionHeading id="steps-heading" eyebrow="How it works" title="Up and running in three steps" />
        <ol className="mt-10 grid gap-4 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative grid gap-3 rounded-card border bg-background p-6 shadow-xs">
              <span className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {i + 1}
                </span>
                <Icon aria-hidden="true" className="size-5 text-primary" />
              </span>
              <h3 className="text-lg font-semibold text-navy-950">{title}</h3>
              <p className="text-sm leading-6 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex justify-center">
          <ArrowLink to="/mailbox-pricing">Compare mailbox plans</ArrowLink>
        </div>
      </Section>

      <Section aria-labelledby="testimonials-heading">
        <SectionHeading id="testimonials-heading" eyebrow="Customers" title="What people say about Postwise" />
        <div className="mt-10">
          <Testimonials />
        </div>
      </Section>

      <Section aria-labelledby="faq-heading" className="bg-surface" innerClassName="max-w-3xl">
        <SectionHeading
          id="faq-heading"
          eyebrow="FAQ"
          title="Frequently asked questions"
          lead="Straight answers about addresses, scans, fees and shipping."
        />
        <div className="mt-10">
          <FaqAccordion />
        </div>
      </Section>
    </>
  );
}
