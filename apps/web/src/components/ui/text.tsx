import type { ComponentProps, ElementType } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/utils';

/** The whole type scale of spec 9: h1 to h5, body, body-small, small, bold, extralarge. */
export const textVariants = cva('', {
  variants: {
    variant: {
      extralarge: 'text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl',
      h1: 'text-3xl font-bold tracking-tight sm:text-4xl',
      h2: 'text-2xl font-bold tracking-tight sm:text-3xl',
      h3: 'text-xl font-semibold tracking-tight sm:text-2xl',
      h4: 'text-lg font-semibold',
      h5: 'text-base font-semibold',
      body: 'text-base leading-7',
      'body-small': 'text-sm leading-6',
      small: 'text-xs leading-5',
      bold: 'text-base font-semibold',
    },
    tone: {
      default: '',
      muted: 'text-muted-foreground',
      primary: 'text-primary',
      destructive: 'text-destructive',
      success: 'text-green',
      inverse: 'text-white',
    },
  },
  defaultVariants: { variant: 'body', tone: 'default' },
});

type TextVariant = NonNullable<VariantProps<typeof textVariants>['variant']>;

const DEFAULT_ELEMENT: Record<TextVariant, ElementType> = {
  extralarge: 'p',
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  body: 'p',
  'body-small': 'p',
  small: 'p',
  bold: 'p',
};

export type TextProps = ComponentProps<'p'> &
  VariantProps<typeof textVariants> & {
    /** The element to render; defaults to the semantic element of the variant (h1 for h1, p for body...). */
    as?: ElementType;
  };

export function Text({ variant, tone, as, className, ...props }: TextProps) {
  const Component = as ?? DEFAULT_ELEMENT[variant ?? 'body'];
  return <Component className={cn(textVariants({ variant, tone }), className)} {...props} />;
}
