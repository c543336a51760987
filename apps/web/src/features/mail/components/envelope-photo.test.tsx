import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EnvelopePhoto } from './envelope-photo';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link =
  '/api/v1/mail-items/5a8c1e3f-7b2d-4f6a-9c0e-1d4b7a2e8f35/photos/0/thumbnail?expires=1772668800&signature=abc';
const item = {
  kind: 'letter' as const,
  sender: 'City Water Dept',
  photoUrls: ['/api/v1/mail-items/5a8c1e3f-7b2d-4f6a-9c0e-1d4b7a2e8f35/photos/0'],
  photoThumbnailUrls: [link],
};

describe('EnvelopePhoto', () => {
  it('shows the sized WebP thumbnails through srcset and sizes, never the original', () => {
    render(<EnvelopePhoto item={item} sizes="(min-width: 640px) 8rem, 4rem" />);
    const img = screen.getByRole('img', { name: 'Front of the letter from City Water Dept' }) as HTMLImageElement;
    const candidates = img.getAttribute('srcset')!.split(', ');
    expect(candidates.map((c) => c.split(' ')[1])).toEqual(['160w', '320w', '640w', '1280w']);
    for (const candidate of candidates) expect(candidate).toContain(`${link}&width=`);
    expect(img.getAttribute('sizes')).toBe('(min-width: 640px) 8rem, 4rem');
    expect(img.getAttribute('src')).toContain(`${link}&width=320`);
    expect(img.outerHTML).not.toContain('/photos/0"');
  });

  it('asks for the thumbnail only once its place reaches the screen', () => {
    let reached: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          reached = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<EnvelopePhoto item={item} sizes="5rem" />);
    expect(screen.queryByRole('img')).toBeNull();
    act(() => reached!([{ isIntersecting: true }]));
    expect(screen.getByRole('img').getAttribute('src')).toContain(`${link}&width=`);
  });

  it('shows the could-not-load state when the thumbnail fails (an expired link)', () => {
    render(<EnvelopePhoto item={item} sizes="5rem" />);
    fireEvent.error(screen.getByRole('img'));
    expect(
      screen.getByRole('img', { name: 'Photo of the item from City Water Dept could not be loaded' }),
    ).toBeTruthy();
  });

  it("shows the kind's icon when the item has no photo", () => {
    render(<EnvelopePhoto item={{ ...item, photoUrls: [], photoThumbnailUrls: [] }} sizes="5rem" />);
    expect(screen.getByRole('img', { name: 'No photo: Letter' })).toBeTruthy();
  });
});
