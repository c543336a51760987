import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SearchMatch } from './search-match';

afterEach(cleanup);

describe('SearchMatch', () => {
  it('marks the searched words and says where they were found', () => {
    render(
      <SearchMatch
        match={{
          source: 'scan',
          parts: [
            { text: 'Your policy now covers the ', match: false },
            { text: 'tangerine', match: true },
            { text: ' orchard', match: false },
          ],
        }}
      />,
    );
    const line = screen.getByTestId('mail-row-match');
    expect(line.textContent).toBe('In the scan: Your policy now covers the tangerine orchard');
    expect([...line.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['tangerine']);
  });

  it('shows read text as text, never as markup', () => {
    render(
      <SearchMatch
        match={{
          source: 'envelope',
          parts: [
            { text: '<img src=x onerror=alert(1)>', match: false },
            { text: '<b>word</b>', match: true },
          ],
        }}
      />,
    );
    const line = screen.getByTestId('mail-row-match');
    expect(line.querySelector('img')).toBeNull();
    expect(line.querySelector('b')).toBeNull();
    expect(line.textContent).toBe('On the envelope: <img src=x onerror=alert(1)><b>word</b>');
  });
});
