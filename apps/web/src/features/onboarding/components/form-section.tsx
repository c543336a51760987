import type { ReactNode } from 'react';
import { Text } from '../../../components/ui/text';
import { cn } from '../../../lib/utils';

/** A titled part of an onboarding form, set off from the one above by a rule. */
export function FormSection({
  title,
  testId,
  className,
  children,
}: {
  title: string;
  testId?: string;
  /** E.g. a tighter gap. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={cn('grid gap-4 border-t pt-6', className)} data-testid={testId}>
      <Text variant="h5" as="h2">
        {title}
      </Text>
      {children}
    </section>
  );
}
