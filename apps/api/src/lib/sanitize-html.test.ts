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
  ])('drops a link that leaves the site through %s (issue 9)', (_name, html) => {
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
  ])('drops a remote or unsafe image %s entirely (issue 9)', (src) => {
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
});
