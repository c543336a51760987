import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the plaintext', () => {
    const sealed = sealSecret(key, 'EZAK_live_secret');
    expect(sealed).not.toContain('EZAK');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openSecret(key, sealed)).toBe('EZAK_live_secret');
    expect(sealSecret(key, 'x')).not.toBe(sealSecret(key, 'x'));
  });

  it('refuses a wrong key or a tampered value', () => {
    const sealed = sealSecret(key, 'secret');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => openSecret(key, parts.join('.'))).toThrow();
  });
});
