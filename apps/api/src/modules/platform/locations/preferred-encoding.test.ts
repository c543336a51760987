import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './preferred-encoding';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('picks %s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
