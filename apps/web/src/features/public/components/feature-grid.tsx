import {
  type LucideIcon,
  Boxes,
  Forklift,
  Hand,
  MapPin,
  ScanLine,
  Send,
  ShieldOff,
  Shredder,
  Truck,
} from 'lucide-react';
import { cn } from '../../../lib/utils';
import { NAMES_PER_PLAN, SHIPPING_DISCOUNT } from '../lib/company';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  tone: 'navy' | 'orange' | 'green';
}

/** What a customer gets (spec 1). */
export const FEATURES: readonly Feature[] = [
  {
    icon: MapPin,
    title: 'A real Los Angeles street address',
    text: `Not a P.O. box: a street address with your own PMB number that every carrier delivers to, for up to ${NAMES_PER_PLAN} names.`,
    tone: 'green',
  },
  {
    icon: ScanLine,
    title: 'Mail and package scans',
    text: 'See every envelope the day it arrives, then have the letters you care about opened and scanned to PDF.',
    tone: 'navy',
  },
  {
    icon: Send,
    title: 'Forwarding anywhere',
    text: 'Send letters and parcels to any address you save, at standard carrier rates, whenever you choose.',
    tone: 'orange',
  },
  {
    icon: Hand,
    title: 'Hold for pickup',
    text: 'Collect at the counter with a one-time passcode, or let your authorized individual pick up for you.',
    tone: 'green',
  },
  {
    icon: Shredder,
    title: 'Secure shredding',
    text: 'Statements and paperwork you no longer need are shredded on request, never just thrown away.',
    tone: 'navy',
  },
  {
    icon: ShieldOff,
    title: 'Junk-mail filtering',
    text: 'Flyers and catalogues are set aside so your inbox shows only the mail that matters.',
    tone: 'orange',
  },
  {
    icon: Boxes,
    title: 'Package consolidation',
    text: 'Bundle several packages into one box before forwarding and pay postage once instead of many times.',
    tone: 'green',
  },
  {
    icon: Forklift,
    title: 'Pallet receiving and storage',
    text: 'Freight and pallets are received, checked in and stored until you are ready to move them.',
    tone: 'navy',
  },
  {
    icon: Truck,
    title: `Shipping at ${SHIPPING_DISCOUNT}+ off`,
    text: 'Carrier rates 70% or more off retail postage. Pay per shipment or ship now and pay later, and ask for a free shipping-cost analysis.',
    tone: 'orange',
  },
];

// The home page's own tiles (the same tones as icon-tones.ts): sharing that module pulls the about and help pages'
// IconList into the home page's first download, which is at its 120 KB budget.
const TONES: Record<Feature['tone'], string> = {
  navy: 'bg-primary-soft text-primary',
  orange: 'bg-orange-soft text-orange',
  green: 'bg-green-soft text-green',
};

export function FeatureGrid({ features = FEATURES, className }: { features?: readonly Feature[]; className?: string }) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {features.map(({ icon: Icon, title, text, tone }) => (
        <li key={title} className="grid content-start gap-3 rounded-card border bg-background p-6 shadow-xs">
          <span className={cn('flex size-11 items-center justify-center rounded-xl', TONES[tone])}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="text-lg font-semibold text-navy-950">{title}</h3>
          <p className="text-sm leading-6 text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
