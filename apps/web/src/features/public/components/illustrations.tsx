/**
 * Inline SVG illustrations of the public pages (docs/design.md: nothing fetched). Decorative only: each is
 * aria-hidden and the text next to it says what it shows.
 */
import { cn } from '../../../lib/utils';

const NAVY = '#1e2a78';
const NAVY_DARK = '#131b4d';
const NAVY_SOFT = '#eceffc';
const ORANGE = '#f97316';
const ORANGE_DARK = '#c2410c';
const ORANGE_SOFT = '#ffe3cf';
const GREEN = '#15803d';
const GREEN_SOFT = '#d9f2e3';
const LINE = '#c9cfdc';

/** Home hero: the mailbox app on a phone, a scanned envelope with its actions, a parcel and the address label. */
export function HeroIllustration({ className }: { className?: string }) {
  // Its box is known before any script or font arrives (width from the layout, height from the ratio): nothing
  // below it moves when the page hydrates.
  return (
    <svg
      viewBox="0 0 520 440"
      width="520"
      height="440"
      aria-hidden="true"
      className={cn('aspect-[520/440] h-auto', className)}
    >
      <circle cx="270" cy="220" r="190" fill={NAVY_SOFT} />
      <circle cx="430" cy="80" r="26" fill={ORANGE_SOFT} />
      <circle cx="90" cy="360" r="18" fill={GREEN_SOFT} />

      {/* phone */}
      <rect x="170" y="34" width="200" height="372" rx="30" fill={NAVY_DARK} />
      <rect x="182" y="52" width="176" height="336" rx="20" fill="#fff" />
      <rect x="246" y="60" width="48" height="6" rx="3" fill={LINE} />
      <rect x="196" y="80" width="70" height="10" rx="5" fill={NAVY} />
      <circle cx="338" cy="85" r="9" fill={ORANGE} />

      {/* scanned envelope card */}
      <rect x="196" y="104" width="148" height="128" rx="12" fill={NAVY_SOFT} />
      <rect x="208" y="116" width="124" height="70" rx="6" fill="#fff" stroke={LINE} />
      <path d="m208 120 62 38 62-38" fill="none" stroke={LINE} strokeWidth="2" />
      <rect x="292" y="124" width="30" height="20" rx="3" fill={ORANGE_SOFT} stroke={ORANGE} />
      <rect x="218" y="164" width="52" height="6" rx="3" fill={NAVY} />
      <rect x="218" y="174" width="36" height="5" rx="2.5" fill={LINE} />
      <rect x="208" y="196" width="38" height="24" rx="6" fill={NAVY} />
      <rect x="251" y="196" width="38" height="24" rx="6" fill={ORANGE_DARK} />
      <rect x="294" y="196" width="38" height="24" rx="6" fill="#fff" stroke={LINE} />
      <path d="M219 208h16M262 208h16M305 208h16" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M305 208h16" stroke={NAVY} strokeWidth="3" strokeLinecap="round" />

      {/* inbox rows */}
      {[248, 290, 332].map((y, i) => (
        <g key={y}>
          <rect x="196" y={y} width="148" height="34" rx="9" fill="#fff" stroke={LINE} />
          <rect x="206" y={y + 8} width="18" height="18" rx="5" fill={[GREEN_SOFT, ORANGE_SOFT, NAVY_SOFT][i]} />
          <rect x="232" y={y + 10} width={[70, 56, 80][i]} height="6" rx="3" fill={NAVY} opacity="0.85" />
          <rect x="232" y={y + 20} width={[44, 60, 38][i]} height="5" rx="2.5" fill={LINE} />
        </g>
      ))}

      {/* parcel */}
      <g transform="translate(40 236)">
        <path d="M0 44 70 14l70 30-70 30z" fill={ORANGE} />
        <path d="M0 44v78l70 32V74z" fill={ORANGE_DARK} />
        <path d="M140 44v78l-70 32V74z" fill="#ea6a0f" />
        <path d="m35 29 70 30v26l-14-6V65L21 35z" fill={ORANGE_SOFT} />
      </g>

      {/* address label */}
      <g transform="translate(350 250)">
        <rect width="150" height="96" rx="14" fill="#fff" stroke={LINE} />
        <circle cx="28" cy="30" r="14" fill={GREEN_SOFT} />
        <path d="M28 21a7 7 0 0 0-7 7c0 6 7 12 7 12s7-6 7-12a7 7 0 0 0-7-7z" fill={GREEN} />
        <circle cx="28" cy="28" r="2.5" fill="#fff" />
        <rect x="50" y="22" width="80" height="7" rx="3.5" fill={NAVY} />
        <rect x="50" y="34" width="56" height="6" rx="3" fill={LINE} />
        <rect x="16" y="58" width="118" height="8" rx="4" fill={NAVY_SOFT} />
        <rect x="16" y="72" width="72" height="8" rx="4" fill={ORANGE_SOFT} />
      </g>

      {/* scan beam */}
      <path d="M120 120h40M110 140h50M126 160h34" stroke={ORANGE} strokeWidth="4" strokeLinecap="round" opacity="0.6" />
    </svg>
  );
}

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

/** A storefront with mailboxes: our Los Angeles store. */
export function StoreIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 -24 360 284" aria-hidden="true" className={className}>
      <ellipse cx="180" cy="236" rx="160" ry="12" fill={NAVY_SOFT} />
      <rect x="40" y="70" width="280" height="160" rx="8" fill="#fff" stroke={LINE} strokeWidth="2" />
      <path d="M28 70 50 30h260l22 40z" fill={NAVY} />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <path
          key={i}
          d={`M${50 + i * 40} 70h40v12a20 20 0 0 1-40 0z`}
          fill={i % 2 ? ORANGE : '#fff'}
          stroke={i % 2 ? ORANGE : LINE}
        />
      ))}
      <rect x="64" y="110" width="120" height="96" rx="6" fill={NAVY_SOFT} />
      {[0, 1, 2].map((row) =>
        [0, 1, 2, 3].map((col) => (
          <g key={`${row}-${col}`}>
            <rect x={72 + col * 28} y={118 + row * 28} width="22" height="22" rx="3" fill="#fff" stroke={LINE} />
            <circle cx={87 + col * 28} cy={129 + row * 28} r="2" fill={row === 1 && col === 2 ? ORANGE : NAVY} />
          </g>
        )),
      )}
      <rect x="212" y="120" width="80" height="110" rx="6" fill={NAVY_DARK} />
      <rect x="222" y="130" width="60" height="60" rx="4" fill="#dfe4fb" />
      <circle cx="274" cy="176" r="4" fill={ORANGE} />
      <g transform="translate(250 -22)">
        <path d="M22 0a22 22 0 0 0-22 22c0 17 22 38 22 38s22-21 22-38A22 22 0 0 0 22 0z" fill={GREEN} />
        <circle cx="22" cy="22" r="8" fill="#fff" />
      </g>
    </svg>
  );
}

/** A phone with the app: the app-download section. */
export function PhoneAppIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 260 320" aria-hidden="true" className={className}>
      <circle cx="130" cy="160" r="130" fill="#ffffff" opacity="0.08" />
      <rect x="60" y="20" width="140" height="280" rx="24" fill="#0c1233" stroke="#3a4697" strokeWidth="3" />
      <rect x="70" y="36" width="120" height="248" rx="16" fill="#fff" />
      <rect x="82" y="52" width="56" height="9" rx="4.5" fill={NAVY} />
      <rect x="82" y="72" width="96" height="62" rx="10" fill={NAVY_SOFT} />
      <path d="M94 86h72v36H94z" fill="#fff" stroke={LINE} />
      <path d="m94 88 36 20 36-20" fill="none" stroke={LINE} strokeWidth="2" />
      {[146, 180, 214].map((y, i) => (
        <g key={y}>
          <rect x="82" y={y} width="96" height="26" rx="7" fill="#fff" stroke={LINE} />
          <rect x="90" y={y + 7} width="12" height="12" rx="3" fill={[GREEN, ORANGE, NAVY][i]} />
          <rect x="108" y={y + 9} width={[52, 40, 60][i]} height="5" rx="2.5" fill={NAVY} opacity="0.8" />
        </g>
      ))}
      <rect x="82" y="250" width="96" height="20" rx="10" fill={ORANGE_DARK} />
    </svg>
  );
}
