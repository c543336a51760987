import { Circle, type LucideIcon } from 'lucide-react';
import * as NAV_ICONS from './nav-icons';

const byName: Record<string, LucideIcon | undefined> = NAV_ICONS;

export function navIcon(name: string): LucideIcon {
  return byName[name] ?? Circle;
}
