import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The link of a dashboard card, stretched over the whole card (which is `relative`) so all of it is clickable. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none">
      {children}
    </Link>
  );
}
