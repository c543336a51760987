import { describe, expect, it } from 'vitest';
import { summarizeHours } from './store-hours';

describe('summarizeHours', () => {
  it('groups equal consecutive days', () => {
    expect(
      summarizeHours('Mon 9:00–18:00, Tue 9:00–18:00, Wed 9:00–18:00, Thu 9:00–18:00, Fri 9:00–18:00, Sat 10:00–14:00'),
    ).toEqual(['Mon–Fri 9:00–18:00', 'Sat 10:00–14:00']);
  });

  it('keeps an already short text as its groups', () => {
    expect(summarizeHours('Mon–Fri 9:00–18:00 · Sat 10:00–14:00')).toEqual(['Mon–Fri 9:00–18:00', 'Sat 10:00–14:00']);
    expect(summarizeHours('Mon–Sat 10:00–18:00')).toEqual(['Mon–Sat 10:00–18:00']);
  });

  it('merges day ranges with the same hours and one-per-line input', () => {
    expect(summarizeHours('Mon–Wed 9:00–17:00\nThu-Fri 9:00–17:00\nSat 9:00–12:00')).toEqual([
      'Mon–Fri 9:00–17:00',
      'Sat 9:00–12:00',
    ]);
    expect(summarizeHours('Mon 9–12; Tue 10–16; Wed 9–12')).toEqual(['Mon, Wed 9–12', 'Tue 10–16']);
  });

  it('returns free text it cannot read as it is', () => {
    expect(summarizeHours('By appointment')).toEqual(['By appointment']);
    expect(summarizeHours('')).toEqual([]);
  });
});
