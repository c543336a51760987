import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MailCheck } from 'lucide-react';
import { hasShipment } from '@postwise/shared/roles';
import { Button } from '../../../components/ui/button';
import { Text } from '../../../components/ui/text';
import { useRegisterStore } from '../../../stores/register-store';
import { StepIndicator } from '../components/onboarding-header';

function Verification({
  title,
  subtitle,
  mailbox,
  children,
}: {
  title: string;
  subtitle?: string;
  mailbox: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const done = () => {
    // Spec 2.7: Done resets the onboarding state and goes to login. The login screen does the reset once it is
    // shown; resetting here would let this screen's own guard (no pending applicant -> /register) win.
    navigate('/login', { replace: true, state: { resetRegister: true } });
  };
  return (
    <div className="grid gap-8">
      <StepIndicator current="done" mailbox={mailbox} />
      <div className="grid justify-items-center gap-4 py-4 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-green-soft text-green">
          <MailCheck aria-hidden="true" className="size-8" />
        </span>
        <Text variant="h3" as="h1" data-testid="page-title">
          {title}
        </Text>
        {subtitle ? (
          <Text variant="h5" as="p" className="text-primary" data-testid="verification-subtitle">
            {subtitle}
          </Text>
        ) : null}
        {children ?? (
          <Text variant="body" tone="muted" className="max-w-md">
            Please check your email and verify it. You can log in once your account is fully activated.
          </Text>
        )}
        <Button size="lg" onClick={done} className="mt-2 min-w-40" data-testid="verification-done">
          Done
        </Button>
      </div>
    </div>
  );
}

/** Shipment Verification of spec 2.7. */
export function ShipmentVerificationPage() {
  return <Verification title="Shipment Verification" mailbox={false} />;
}

/** Mailbox Verification of spec 2.7: the subtitle names both accounts when the type is both. */
export function MailboxVerificationPage() {
  const user = useRegisterStore((s) => s.user);
  const both = hasShipment(user?.accountType);
  return (
    <Verification
      title="Mailbox Verification"
      subtitle={`Thank you for applying for ${both ? 'mailbox and shipment account' : 'mailbox account'}`}
      mailbox
    >
      {/* The e-mail is verified already; say where the application stands and what comes next. */}
      <div className="grid max-w-lg gap-3 text-left" data-testid="application-next-steps">
        <Text variant="body" className="text-center">
          Your application is under review. We check your IDs for USPS Form 1583, usually within one business day.
        </Text>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>Sign in any time to choose your plan and save a card. Nothing is charged until we approve you.</li>
          <li>When we approve your application we e-mail your mailbox address and your receipt.</li>
          <li>From that day mail can be sent to your address, and your inbox shows it as it arrives.</li>
          {both ? <li>Your shipping account is ready to use as soon as you sign in.</li> : null}
        </ol>
      </div>
    </Verification>
  );
}
