import type { ReactNode } from 'react';
import { FileCheck2, MapPin } from 'lucide-react';
import type { ManagedUserDetail } from '@postwise/shared/admin';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { AccessAccountButton } from './access-account-button';
import { AccountStatus } from './accounts-list';
import { ActivityCard } from './activity-card';
import { DetailList } from './detail-list';
import { ACCOUNT_TYPE_LABEL, ROLE_LABEL } from './format';
import { formatPhone, shortDate } from '../../../lib/format';
import { SubscriptionCard } from './subscription-card';
import { BackLink } from '../../../components/ui/back-link';
import { LinkButton } from '../../../components/ui/link-button';

export interface AccountDetailProps {
  detail: ManagedUserDetail;
  back: { to: string; label: string };
  /** Edit and activate/deactivate controls, when the caller may change the account. */
  manage?: ReactNode;
}

const PROFILE_LABEL = { shipment: 'Shipping', mailbox: 'Mailbox' } as const;

/** The detail page of a customer, sub-admin or referred client: account, profiles, mailbox, subscription, activity. */
export function AccountDetail({ detail, back, manage }: AccountDetailProps) {
  const { user, profiles, mailbox, counts } = detail;
  const p = user.personal;
  const name = p.fullName?.trim() || user.email;
  const isCustomer = user.role.code === 'USER';
  const applicationStatus = profiles?.mailbox;
  const hasApplication = isCustomer && applicationStatus && applicationStatus !== 'none';
  const address = [p.address1, p.address2, [p.city, p.state, p.zip].filter(Boolean).join(', '), p.country]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="grid gap-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{user.email}</span>
            <Badge variant="primary">{ROLE_LABEL[user.role.code]}</Badge>
            <AccountStatus row={{ status: user.status, invited: detail.invited }} />
            {user.isSuperSubAdmin ? <Badge variant="primary">Super sub-admin</Badge> : null}
          </span>
        }
        actions={
          <>
            {manage}
            {user.status === 'active' ? <AccessAccountButton userId={user.id} name={name} /> : null}
          </>
        }
      />
      {detail.invited ? (
        <p role="note" className="rounded-card border border-orange/30 bg-orange-soft px-4 py-3 text-sm">
          Invitation sent to {user.email}. They finish registration through the link in that e-mail: choose a password,
          confirm the e-mail and fill in their details.
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent>
            <DetailList
              items={[
                ['Email', user.email],
                ['Phone', formatPhone(p.phone)],
                ['Address', address],
                ...(isCustomer
                  ? ([
                      ['Account type', user.accountType ? ACCOUNT_TYPE_LABEL[user.accountType] : 'Not chosen yet'],
                      [
                        'Mailbox type',
                        user.mailboxType === 'business' ? 'Business' : user.mailboxType ? 'Personal' : '',
                      ],
                      ['Mailbox name', p.mailboxName],
                    ] as [string, ReactNode][])
                  : []),
                [
                  'Owner',
                  detail.parent
                    ? `${detail.parent.fullName || detail.parent.email} (${ROLE_LABEL[detail.parent.role]})`
                    : '',
                ],
                ['Referred by', detail.referredBy ? detail.referredBy.fullName || detail.referredBy.email : ''],
                ['Joined', shortDate(user.createdAt)],
              ]}
            />
          </CardContent>
        </Card>

        {isCustomer ? (
          <Card>
            <CardHeader>
              <CardTitle>Profiles</CardTitle>
              <CardDescription>Each profile is on only when its status is active.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {profiles ? (
                <DetailList
                  items={[
                    ['Shipping', <StatusBadge key="s" status={profiles.shipment} />],
                    ['Mailbox', <StatusBadge key="m" status={profiles.mailbox} />],
                    ['In use', profiles.currentProfile ? PROFILE_LABEL[profiles.currentProfile] : ''],
                  ]}
                />
              ) : (
                <p className="text-sm text-muted-foreground">
                  No profile yet: onboarding has not reached the account type.
                </p>
              )}
              {hasApplication ? (
                <LinkButton
                  to={`/mailbox-requests/${user.id}`}
                  data-testid="open-application"
                  icon={FileCheck2}
                  variant={applicationStatus === 'pending' ? 'default' : 'outline'}
                  className="w-fit"
                >
                  {applicationStatus === 'pending' ? 'Review mailbox application' : 'Mailbox application & documents'}
                </LinkButton>
              ) : null}
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Business</CardTitle>
            </CardHeader>
            <CardContent>
              <DetailList
                items={[
                  ['Customers', String(counts?.customers ?? 0)],
                  ['Referred clients', String(counts?.referredClients ?? 0)],
                  ['Stores', String(counts?.stores ?? 0)],
                  ['Referrals', user.isSuperSubAdmin ? 'Super sub-admin: sees referred clients' : 'Own customers only'],
                ]}
              />
            </CardContent>
          </Card>
        )}

        {isCustomer ? (
          <Card>
            <CardHeader>
              <CardTitle>Mailbox</CardTitle>
            </CardHeader>
            <CardContent>
              {mailbox ? (
                <div className="grid gap-4">
                  <p className="flex items-start gap-2 text-sm font-medium">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    <span data-testid="mailbox-address">{mailbox.address}</span>
                  </p>
                  <DetailList
                    items={[
                      ['Store', mailbox.storeName],
                      ['PMB', mailbox.pmb],
                      ['Status', <StatusBadge key="s" status={mailbox.status} />],
                      ['Opened', shortDate(mailbox.openedAt)],
                    ]}
                  />
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">
                  No mailbox yet. It opens, with its PMB number, when the mailbox application is approved.
                </p>
              )}
            </CardContent>
          </Card>
        ) : null}

        <SubscriptionCard userId={user.id} />
        <ActivityCard userId={user.id} />
      </div>
    </div>
  );
}
