import { NAVY, NAVY_SOFT, ORANGE, ORANGE_DARK, GREEN, LINE } from './illustration-palette';

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
