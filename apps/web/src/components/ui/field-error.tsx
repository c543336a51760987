import type { ReactNode } from 'react';

/** The red message under a field or a group of fields, announced when it appears; nothing while there is none. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
