import type { LucideIcon } from 'lucide-react';

/** An icon beside a title and a line of text (the feature grid's cards, the about and help pages' lists). */
export interface IconItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

export type IconTone = 'navy' | 'orange' | 'green';

/**
 * The soft tile behind an icon, by brand colour. A module of its own so the home page's feature grid takes the
 * tones without the list component it does not show.
 */
export const ICON_TONES: Record<IconTone, string> = {
  navy: 'bg-primary-soft text-primary',
  orange: 'bg-orange-soft text-orange',
  green: 'bg-green-soft text-green',
};
