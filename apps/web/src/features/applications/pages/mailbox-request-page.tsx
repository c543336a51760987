import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AlertTriangle, ExternalLink, FileText, MapPin, Printer } from 'lucide-react';
import type { ApplicationDetail } from '@postwise/shared/admin';
import type { Personal } from '@postwise/shared/api-types';
import { signatureMatchesName } from '@postwise/shared/schemas/onboarding';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { showError } from '../../../lib/toast';
import { openDocument, useApplication } from '../api/applications';
import { Form1583 } from '../components/form-1583';
import { DOCUMENT_LABEL, formatContractDate, formatSize } from '../components/labels';
import { ApproveDialog, RecordIdsDialog, RejectDialog } from '../components/review-dialogs';
import { EMPTY_VALUE, formatPhone, shortDate, dateTime } from '../../../lib/format';
import { BackLink } from '../../../components/ui/back-link';

const KIND_ORDER = ['photoId', 'addressId', 'authorizedPhotoId', 'authorizedAddressId', 'courtOrder'];

function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[minmax(9rem,auto)_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 font-medium break-words">{value || EMPTY_VALUE}</dd>
        </div>
      ))}
    </dl>
  );
}

function person(p: Partial<Personal> | null | undefined): [string, ReactNode][] {
  if (!p) return [];
  return [
    ['Name', p.fullName || [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')],
    ['Phone', formatPhone(p.phone)],
    ['Address', [p.address1, p.address2].filter(Boolean).join(', ')],
    ['City, state, ZIP', [p.city, p.state, p.zip].filter(Boolean).join(', ')],
    ['Country', p.country],
    ['Mailbox name', p.mailboxName],
  ];
}

function Review({ detail }: { detail: ApplicationDetail }) {
  const [showForm, setShowForm] = useState(false);
  const a = detail.applicant;
  const name = a.personal.fullName || a.email;

  return (
    <div className="grid gap-6">
      <BackLink to="/mailbox-requests" className="print:hidden">
        Mailbox Requests
      </BackLink>
      <PageHeader
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>Mailbox application · {a.email}</span>
            <StatusBadge status={detail.status} />
          </span>
        }
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => setShowForm((v) => !v)}
              aria-expanded={showForm}
              data-testid="show-form-1583"
            >
              <FileText aria-hidden="true" />
              {showForm ? 'Hide Form 1583' : 'USPS Form 1583'}
            </Button>
            {detail.status === 'pending' ? (
              <>
                <RejectDialog detail={detail} />
                <ApproveDialog detail={detail} />
              </>
            ) : detail.status === 'active' ? (
              <RecordIdsDialog detail={detail} />
            ) : null}
          </>
        }
      />

      {detail.status === 'rejected' && detail.rejectionReason ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-card border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          Rejected: {detail.rejectionReason} The applicant was asked to upload new IDs.
        </p>
      ) : null}

      {detail.mailbox ? (
        <Card>
          <CardHeader>
            <CardTitle>Mailbox</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="flex items-start gap-2 text-sm font-medium" data-testid="approved-address">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {detail.mailbox.address}
            </p>
          </CardContent>
        </Card>
      ) : null}

      {showForm ? (
        <section aria-label="USPS Form 1583" className="grid gap-3">
          <div className="flex justify-end">
            <Button onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          </div>
          <Form1583 detail={detail} />
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Applicant</CardTitle>
            <CardDescription>{a.mailboxType === 'business' ? 'Business mailbox' : 'Personal mailbox'}</CardDescription>
          </CardHeader>
          <CardContent>
            <Details
              items={[
                ...person(a.personal),
                ['Court-protected', a.isCourtProtected ? 'Yes (court order required)' : 'No'],
                ['Owner', detail.parentUser ? detail.parentUser.fullName || detail.parentUser.email : ''],
              ]}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Signed contract</CardTitle>
            <CardDescription>Application For Mailbox Rental</CardDescription>
          </CardHeader>
          <CardContent>
            <Details
              items={[
                ['Signature', a.signature ? <span className="font-serif text-base italic">{a.signature}</span> : ''],
                ['Contract date', formatContractDate(detail.signedAt)],
                ['Signed at', dateTime(detail.signedAt)],
                ['IDs submitted', dateTime(detail.submittedAt)],
              ]}
            />
            {a.signature && !signatureMatchesName(a.signature, a.personal.fullName) ? (
              <p
                role="note"
                data-testid="signature-mismatch"
                className="mt-4 flex items-start gap-2 rounded-card border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm"
              >
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                The signature does not match the applicant&apos;s full name ({a.personal.fullName}). Check the contract
                before approving.
              </p>
            ) : null}
          </CardContent>
        </Card>

        {a.business ? (
          <Card>
            <CardHeader>
              <CardTitle>Business</CardTitle>
            </CardHeader>
            <CardContent>
              <Details
                items={[
                  ['Company', a.business.name],
                  ['Type', a.business.type],
                  ['Registered in', a.business.registrationPlace],
                  ['Phone', formatPhone(a.business.phone)],
                  [
                    'Address',
                    [a.business.address1, a.business.address2, a.business.city, a.business.state, a.business.zip]
                      .filter(Boolean)
                      .join(', '),
                  ],
                  ['Mailbox name', a.business.mailboxName],
                ]}
              />
            </CardContent>
          </Card>
        ) : null}

        {a.authorizedIndividual ? (
          <Card>
            <CardHeader>
              <CardTitle>Authorized individual</CardTitle>
              <CardDescription>The only person who may pick up mail without a one-time passcode.</CardDescription>
            </CardHeader>
            <CardContent>
              <Details items={person(a.authorizedIndividual)} />
            </CardContent>
          </Card>
        ) : null}

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Uploaded IDs</CardTitle>
            <CardDescription>Each opens in a new tab.</CardDescription>
          </CardHeader>
          <CardContent>
            {detail.documents.length === 0 ? (
              <p className="text-sm text-muted-foreground">No documents uploaded yet.</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" data-testid="application-documents">
                {[...detail.documents]
                  .sort((x, y) => KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind))
                  .map((d) => (
                    <li key={d.id} className="flex items-start justify-between gap-3 rounded-lg border p-3">
                      <div className="grid min-w-0 gap-0.5 text-sm">
                        <span className="font-semibold">{DOCUMENT_LABEL[d.kind] ?? d.kind}</span>
                        {d.idType ? <span>{d.idType}</span> : null}
                        <span className="text-xs text-muted-foreground">
                          {d.contentType === 'application/pdf' ? 'PDF' : 'Image'} · {formatSize(d.size)} ·{' '}
                          {shortDate(d.createdAt)}
                        </span>
                        {d.reviewStatus ? <StatusBadge status={d.reviewStatus} className="w-fit" /> : null}
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void openDocument(d.url).catch(showError)}
                        aria-label={`Open ${DOCUMENT_LABEL[d.kind] ?? d.kind}`}
                      >
                        <ExternalLink aria-hidden="true" />
                        Open
                      </Button>
                    </li>
                  ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** A mailbox application under review (spec 2.1 /mailbox-requests/{id}): approve, reject, print Form 1583. */
export function MailboxRequestPage() {
  const { id } = useParams();
  const application = useApplication(id);
  if (application.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-9 w-64" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  }
  if (application.isError) {
    return <QueryErrorState query={application} icon={AlertTriangle} title="Could not load this application" />;
  }
  return <Review detail={application.data} />;
}
