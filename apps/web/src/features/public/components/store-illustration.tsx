import { NAVY, NAVY_DARK, NAVY_SOFT, ORANGE, GREEN, LINE } from './illustration-palette';

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
