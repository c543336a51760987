import { UserRoundCog } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { showError } from '../../../lib/toast';
import { useAccessAccount } from '../api/account-access';

export interface AccessAccountButtonProps extends Omit<ButtonProps, 'onClick'> {
  userId: string;
  name: string;
}

/** Access account (spec 1, 4): opens the managed account with the impersonation bar on top. */
export function AccessAccountButton({ userId, name, size, variant = 'orange', ...props }: AccessAccountButtonProps) {
  const access = useAccessAccount();
  return (
    <Button
      variant={variant}
      size={size}
      loading={access.isPending}
      onClick={() => access.mutate(userId, { onError: showError })}
      aria-label={`Access account of ${name}`}
      data-testid="access-account"
      {...props}
    >
      <UserRoundCog aria-hidden="true" />
      Access account
    </Button>
  );
}
