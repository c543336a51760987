// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { twMerge, validators } from 'tailwind-merge';
import { classCandidates, classesOf } from '../../scripts/tailwind-merge-config';
import * as localValidators from './tailwind-merge-validators';
import { cn } from './utils';

/** The variant prefix of a class (`hover:`, `sm:`...): classes only ever conflict under the same prefix. */
function variants(className: string): string {
  const colon = className.lastIndexOf(':');
  return colon < 0 || className.lastIndexOf(']') > colon ? '' : className.slice(0, colon);
}

describe('cn', () => {
  it('merges every pair of the classes written in src exactly as the full tailwind-merge', () => {
    const classes = classesOf(classCandidates());
    expect(classes.length).toBeGreaterThan(100);
    const byVariants = new Map<string, string[]>();
    for (const c of classes) byVariants.set(variants(c), [...(byVariants.get(variants(c)) ?? []), c]);
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          const pair = `${a} ${b}`;
          if (cn(pair) !== twMerge(pair)) differences.push(`"${pair}": "${cn(pair)}" instead of "${twMerge(pair)}"`);
        }
      }
    }
    // A new kind of utility: run `node --import tsx apps/web/scripts/tailwind-merge-config.ts`.
    expect(differences.slice(0, 10)).toEqual([]);
  }, 60_000);

  it('copies its validators from tailwind-merge without changing them', () => {
    const values = [
      ...classCandidates().flatMap((token) => token.split(/[-:/]/)),
      '[length:2px]',
      '[color:red]',
      '[10px]',
      '[hsl(0_0%_0%)]',
      '(--gap)',
      '(length:--gap)',
      '2xl',
      '1.5',
      '-3',
      '',
    ];
    for (const [name, local] of Object.entries(localValidators)) {
      const original = validators[name as keyof typeof validators] as (value: string) => boolean;
      expect(
        values.filter((value) => local(value) !== original(value)),
        name,
      ).toEqual([]);
    }
  });

  it('lets later utilities win and keeps what does not conflict', () => {
    expect(cn('px-4 py-2', 'px-2', null, 'text-sm')).toBe('py-2 px-2 text-sm');
    expect(cn('h-10 w-full', { 'h-12': true })).toBe('w-full h-12');
    expect(cn('hover:bg-primary/90 bg-primary', 'bg-orange-500')).toBe('hover:bg-primary/90 bg-orange-500');
  });
});
