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

/** What stands under a field's control: its description, then its error message. */
export function FieldNotes({
  description,
  descriptionId,
  error,
  errorId,
}: {
  description?: ReactNode;
  descriptionId?: string;
  error?: ReactNode;
  errorId?: string;
}) {
  return (
    <>
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </>
  );
}
