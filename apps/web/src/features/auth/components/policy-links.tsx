import type { MouseEvent } from 'react';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { usePolicyAndTermsStore } from '../../../stores/policy-and-terms-store';

const STATIC_PAGE = '/policy-terms';

function openHtml(title: string, html: string): void {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | ${PRODUCT_NAME}</title><style>body{font-family:system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px;line-height:1.6;color:#0f172a}</style></head><body>${html}</body></html>`;
  const url = URL.createObjectURL(new Blob([page], { type: 'text/html' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Privacy policy and terms links of spec 2.6: the fetched HTML (policy-and-terms-storage) opens in a new tab;
 * when none was fetched, the link falls back to the static page on the product host.
 */
export function PolicyLink({ which, children }: { which: 'privacy' | 'terms'; children: string }) {
  const html = usePolicyAndTermsStore((s) => (which === 'privacy' ? s.privacyPolicyHtml : s.termsHtml));
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!html.trim()) return;
    event.preventDefault();
    openHtml(children, html);
  };
  return (
    <a
      href={`${STATIC_PAGE}${which === 'terms' ? '#terms' : '#privacy'}`}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      className="font-semibold text-primary underline-offset-4 hover:underline"
    >
      {children}
    </a>
  );
}
