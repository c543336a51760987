import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml (Policy & Terms)', () => {
  it.each([
    ['protocol-relative', '<a href="//evil.example/x">x</a>'],
    ['two backslashes', '<a href="\\\\evil.example">x</a>'],
    ['slash and backslash', '<a href="/\\evil.example">x</a>'],
    ['an encoded backslash', '<a href="/&#92;evil.example">x</a>'],
    ['encoded slashes', '<a href="&#47;&#47;evil.example">x</a>'],
    ['a tab between the slashes', '<a href="/\t/evil.example">x</a>'],
    ['javascript:', '<a href="javascript:alert(1)">x</a>'],
  ])('drops a link that leaves the site through %s', (_name, html) => {
    expect(sanitizeHtml(html)).toBe('<a href>x</a>');
  });

  it('keeps web, mail and phone links, fragments and same-site paths', () => {
    for (const href of [
      'https://usps.com/form-1583',
      'mailto:help@example.com',
      'tel:3105550100',
      '#privacy',
      '/terms',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it.each([
    ['https://tracker.example/pixel.png'],
    ['//tracker.example/pixel.png'],
    ['/\\tracker.example/pixel.png'],
    ['data:image/svg+xml;base64,PHN2Zz4='],
  ])('drops a remote or unsafe image %s entirely', (src) => {
    expect(sanitizeHtml(`<p>Before<img src="${src}" alt="x">after</p>`)).toBe('<p>Beforeafter</p>');
  });

  it('keeps same-site and inline raster images', () => {
    expect(sanitizeHtml('<img src="/logo.png" alt="Logo">')).toBe('<img src="/logo.png" alt="Logo">');
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0K">')).toBe(
      '<img src="data:image/png;base64,iVBORw0K">',
    );
  });

  it('still strips scripts and event handlers, and protects new-tab links', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeHtml('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
  });

  it.each([
    ['plain', '<a href="https://e.example" target="_blank">x</a>'],
    ['single quotes', "<a href='https://e.example' target='_blank'>x</a>"],
    ['unquoted', '<a href="https://e.example" target=_blank>x</a>'],
    ['an author rel that keeps the opener', '<a href="https://e.example" target="_blank" rel="opener">x</a>'],
    ['an author rel without noopener', '<a href="https://e.example" rel="nofollow" target="_blank">x</a>'],
  ])('forces rel="noopener noreferrer" on a new-tab link written %s', (_name, html) => {
    expect(sanitizeHtml(html)).toBe('<a href="https://e.example" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('still filters a new-tab link: no javascript: link and no event handler survive', () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)" target="_blank" onclick="alert(2)">x</a>');
    expect(out).not.toMatch(/javascript:|onclick|alert/);
    expect(out).toBe('<a href target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('leaves a link without a new tab without rel', () => {
    expect(sanitizeHtml('<a href="/terms" rel="opener">x</a>')).toBe('<a href="/terms">x</a>');
  });
});
