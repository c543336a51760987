import { describe, expect, it } from 'vitest';
import { applyDeferredStylesheets } from './deferred-styles';

describe('applyDeferredStylesheets', () => {
  it('switches the deferred stylesheet of a prerendered page on, and leaves other links alone', () => {
    document.head.innerHTML =
      '<link rel="stylesheet" href="/assets/index.css" media="print" data-beasties-media="all">' +
      '<link rel="stylesheet" href="/assets/print.css" media="print">';
    applyDeferredStylesheets();
    const [deferred, print] = [...document.head.querySelectorAll('link')];
    expect(deferred?.media).toBe('all');
    expect(deferred?.hasAttribute('data-beasties-media')).toBe(false);
    expect(print?.media).toBe('print');
  });
});
