import type { ReactNode } from 'react';
import { Text } from '../../../components/ui/text';

/** The heading block of the auth screens: a small label (the screen's name), a headline and a sentence. */
export function AuthHeading({ label, title, children }: { label: string; title: string; children?: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Text variant="small" as="h1" className="font-semibold tracking-wider text-orange uppercase">
        {label}
      </Text>
      <Text variant="h3" as="h2">
        {title}
      </Text>
      {children ? (
        <Text variant="body-small" tone="muted">
          {children}
        </Text>
      ) : null}
    </div>
  );
}
