import { cn } from '../../../lib/utils';
import {
  NAVY,
  NAVY_DARK,
  NAVY_SOFT,
  ORANGE,
  ORANGE_DARK,
  ORANGE_SOFT,
  GREEN,
  GREEN_SOFT,
  LINE,
} from './illustration-palette';

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
