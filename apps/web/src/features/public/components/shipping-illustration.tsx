import { NAVY, NAVY_DARK, NAVY_SOFT, ORANGE, ORANGE_DARK } from './illustration-palette';

/** A truck with a parcel and a price tag: discounted shipping. */
export function ShippingIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 360 240" aria-hidden="true" className={className}>
      <ellipse cx="180" cy="212" rx="150" ry="12" fill={NAVY_SOFT} />
      <rect x="40" y="70" width="170" height="110" rx="10" fill={NAVY} />
      <path d="M210 100h56l40 40v40H210z" fill={NAVY_DARK} />
      <path d="M222 112h38l28 28h-66z" fill="#dfe4fb" />
      <rect x="62" y="92" width="56" height="48" rx="4" fill={ORANGE} />
      <path d="M62 108h56M90 92v48" stroke={ORANGE_DARK} strokeWidth="4" />
      <rect x="128" y="104" width="60" height="8" rx="4" fill="#fff" opacity="0.8" />
      <rect x="128" y="120" width="40" height="8" rx="4" fill="#fff" opacity="0.5" />
      <circle cx="92" cy="186" r="22" fill={NAVY_DARK} />
      <circle cx="92" cy="186" r="9" fill="#fff" />
      <circle cx="256" cy="186" r="22" fill={NAVY_DARK} />
      <circle cx="256" cy="186" r="9" fill="#fff" />
      <g transform="translate(250 20) rotate(12)">
        <path d="M0 10a10 10 0 0 1 10-10h70l22 26-22 26H10A10 10 0 0 1 0 42z" fill={ORANGE} />
        <circle cx="80" cy="26" r="5" fill="#fff" />
        <text x="12" y="33" fill="#fff" fontSize="20" fontWeight="700" fontFamily="inherit">
          -{70}%
        </text>
      </g>
      <path d="M10 110h20M0 130h30M14 150h16" stroke={ORANGE} strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
