import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText, safeText, SAFE_TEXT_MESSAGES, TEXT_LIMITS } from './safe-text';

describe('safe text', () => {
  it('refuses NUL and lone surrogates, keeps real astral characters', () => {
    expect(isSafeText('Zoë 🎉 Straße')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('x\udc00')).toBe(false);
    expect(isSafeText('\ud83c\udf89')).toBe(true);
  });

  it('safeText(max) answers the length and the character messages', () => {
    expect(safeText(5).safeParse('abcdef').error?.issues[0]?.message).toBe(SAFE_TEXT_MESSAGES.tooLong(5));
    expect(safeText(5).safeParse('a\u0000').error?.issues[0]?.message).toBe(SAFE_TEXT_MESSAGES.unsafe);
    expect(safeText(5).parse('  ok  ')).toBe('ok');
  });

  it('findUnsafeText names the first bad field anywhere in a payload', () => {
    expect(findUnsafeText({ personal: { firstName: 'A', lastName: ['ok', '\ud800'] } })).toEqual({
      path: 'personal.lastName.1',
      message: SAFE_TEXT_MESSAGES.unsafe,
    });
    expect(findUnsafeText({ firstName: 'x'.repeat(TEXT_LIMITS.anyString + 1) })).toEqual({
      path: 'firstName',
      message: SAFE_TEXT_MESSAGES.tooLong(TEXT_LIMITS.anyString),
    });
    expect(findUnsafeText({ a: 1, b: null, c: ['fine'] })).toBeNull();
  });
});
