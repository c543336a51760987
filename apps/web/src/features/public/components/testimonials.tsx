import { Quote } from 'lucide-react';
import { StarRating } from './star-rating';

/** Three testimonials of four stars each (spec 2.9). */
const TESTIMONIALS = [
  {
    quote:
      'I travel for work most of the year. Now I open my mail from a hotel room, forward what I need and shred the rest. My bank finally has an address that does not change.',
    name: 'Elena M.',
    role: 'Consultant, always on the road',
  },
  {
    quote:
      'We moved our small shop’s shipping over and pay a fraction of what we paid at the counter. Consolidating supplier packages into one box saves us even more.',
    name: 'Jordan K.',
    role: 'Owner of an online ceramics store',
  },
  {
    quote:
      'Signing up took one evening: the ID upload and Form 1583 were simple. Seeing every envelope the day it lands gives me real peace of mind.',
    name: 'Priya S.',
    role: 'Freelance designer',
  },
] as const;

export function Testimonials() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {TESTIMONIALS.map((t) => (
        <li key={t.name} className="flex flex-col gap-4 rounded-card border bg-background p-6 shadow-xs">
          <div className="flex items-center justify-between">
            <StarRating value={4} />
            <Quote aria-hidden="true" className="size-6 text-primary/20" />
          </div>
          <blockquote className="flex-1 text-base leading-7 text-foreground">“{t.quote}”</blockquote>
          <div>
            <p className="font-semibold text-navy-950">{t.name}</p>
            <p className="text-sm text-muted-foreground">{t.role}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
