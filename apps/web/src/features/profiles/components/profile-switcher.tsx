import { useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Check, ChevronDown, Mailbox, Truck } from 'lucide-react';
import { hasMailbox, hasShipment, type ProfileKind } from '@postwise/shared/roles';
import { FullPageLoader } from '../../../components/full-page-loader';
import { cn } from '../../../lib/utils';
import { useProfileStore } from '../../../stores/profile-store';
import { useUserStore } from '../../../stores/user-store';
import { useSwitchProfile } from '../api/switch-profile';
import { showError } from '../../../lib/toast';

export const SWITCH_FAILED = 'Failed to switch account. Please try again.';

const OPTIONS: { kind: ProfileKind; label: string; short: string; icon: typeof Truck }[] = [
  { kind: 'shipment', label: 'Shipping Account', short: 'Shipping', icon: Truck },
  { kind: 'mailbox', label: 'Mailbox Account', short: 'Mailbox', icon: Mailbox },
];

/**
 * Profile switcher of spec 2.7 for a USER holding both profiles. Choosing the current profile just closes
 * the menu; otherwise a 'Switching profile...' overlay shows, the profile changes and the user goes to the
 * dashboard.
 */
export function ProfileSwitcher() {
  const user = useUserStore((s) => s.user);
  const current = useProfileStore((s) => s.profile?.activeProfile?.currentProfile ?? null);
  const navigate = useNavigate();
  const switchProfile = useSwitchProfile(user?.profile ?? null);

  if (!user || user.role.code !== 'USER' || user.accountType !== 'both') return null;
  const options = OPTIONS.filter((o) => (o.kind === 'shipment' ? hasShipment : hasMailbox)(user.accountType));
  const active = options.find((o) => o.kind === current);

  const choose = (kind: ProfileKind) => {
    if (kind === current) return;
    switchProfile.mutate(kind, {
      onSuccess: () => navigate('/dashboard'),
      onError: () => showError(SWITCH_FAILED),
    });
  };

  const ActiveIcon = active?.icon ?? Mailbox;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          data-testid="profile-switcher"
          aria-label={`Switch account, current: ${active?.label ?? 'none'}`}
          className="inline-flex h-9 items-center gap-2 rounded-lg border border-input bg-background px-2.5 text-sm font-medium hover:bg-muted sm:px-3"
        >
          <ActiveIcon aria-hidden="true" className="size-4 text-primary" />
          {/* Phones have room for one word; the full name from sm up. */}
          <span className="sm:hidden">{active?.short ?? 'Account'}</span>
          <span className="hidden sm:inline">{active?.label ?? 'Choose account'}</span>
          <ChevronDown aria-hidden="true" className="size-4 opacity-60" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-52 rounded-lg border bg-background p-1 shadow-lg animate-fade-in"
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
              Switch account
            </DropdownMenu.Label>
            {options.map(({ kind, label, icon: Icon }) => (
              <DropdownMenu.Item
                key={kind}
                onSelect={() => choose(kind)}
                className={cn(
                  'flex cursor-default items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-highlighted:bg-muted',
                  kind === current && 'font-semibold text-primary',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                <span className="flex-1">{label}</span>
                {kind === current ? <Check aria-label="Current" className="size-4" /> : null}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {switchProfile.isPending ? (
        <div className="fixed inset-0 z-[90] bg-background/85 backdrop-blur-sm" data-testid="switching-profile">
          <FullPageLoader message="Switching profile..." />
        </div>
      ) : null}
    </>
  );
}
