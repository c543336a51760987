import { Link } from 'react-router';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { Logo, type LogoProps } from './logo';

/** The logo as the link home that heads the public, sign-in and bare frames. */
export function HomeLogoLink({ className = 'inline-flex', tone }: { className?: string; tone?: LogoProps['tone'] }) {
  return (
    <Link to="/" aria-label={`${PRODUCT_NAME} home`} className={className}>
      <Logo tone={tone} />
    </Link>
  );
}
