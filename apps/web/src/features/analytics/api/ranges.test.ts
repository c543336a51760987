import { describe, expect, it } from 'vitest';
import { presetRange } from './ranges';

describe('presetRange', () => {
  it("counts today in the platform's time zone, not the browser's or UTC", () => {
    // 05:00 UTC on 1 December is still 30 November (21:00) in Los Angeles.
    const evening = new Date('2026-12-01T05:00:00Z');
    expect(presetRange('month', evening)).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(presetRange('quarter', evening)).toEqual({ from: '2026-10-01', to: '2026-12-01' });
    expect(presetRange('year', evening)).toEqual({ from: '2026-01-01', to: '2026-12-01' });
    expect(presetRange('30d', evening)).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    // Ten hours later it is 1 December there too.
    expect(presetRange('month', new Date('2026-12-01T15:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-02' });
  });
});
