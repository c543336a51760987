import { useState } from 'react';
import { useParams } from 'react-router';
import { CreditCard, Download } from 'lucide-react';
import { ERROR_CODES } from '@postwise/shared/api-types';
import type { Invoice } from '@postwise/shared/billing';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { cardBrand, money, shortDate } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { errorText, showError, showPlanOrCardToast } from '../../../lib/toast';
import { useUserStore } from '../../../stores/user-store';
import { downloadInvoicePdf, useInvoice, useInvoicePayments, usePayInvoice } from '../api/invoices-api';
import { categoryLabel, InvoiceStatusBadge } from '../components/invoice-format';
import { DetailState } from '../../../components/ui/detail-state';
import { BackLink } from '../../../components/ui/back-link';

function Fact({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', className)}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function InvoiceDetail({ base }: { base: '/invoices-billing' | '/my-invoices' }) {
  const { id = '' } = useParams();
  const user = useUserStore((s) => s.user);
  const invoice = useInvoice(id);
  const payments = useInvoicePayments(id);
  const pay = usePayInvoice();
  const [cardDialogOpen, setCardDialogOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const back = <BackLink to={base}>Back to invoices</BackLink>;

  if (!invoice.data)
    return <DetailState query={invoice} noun="invoice" back={{ to: base, label: 'Back to invoices' }} />;

  const data: Invoice = invoice.data;
  const canPay = data.status === 'open' && data.user.id === user?.id;
  const payNow = async () => {
    try {
      await pay.mutateAsync(data.id);
      showPlanOrCardToast('Invoice paid');
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === ERROR_CODES.NO_CUSTOMER_ID || error.code === ERROR_CODES.NO_DEFAULT_PAYMENT_METHOD)
      ) {
        setCardDialogOpen(true);
      } else {
        showPlanOrCardToast(errorText(error), 'error');
      }
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(data);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-6">
      {back}
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Invoice {data.number} <InvoiceStatusBadge invoice={data} />
          </span>
        }
        description={`${categoryLabel(data.category)}${data.planName ? ` · ${data.planName}` : ''}`}
        actions={
          <>
            <Button variant="outline" onClick={() => void download()} loading={downloading} data-testid="invoice-pdf">
              <Download aria-hidden="true" />
              Download PDF
            </Button>
            {canPay ? (
              <Button variant="orange" onClick={() => void payNow()} loading={pay.isPending} data-testid="pay-invoice">
                <CreditCard aria-hidden="true" />
                Pay {money(data.totalCents)}
              </Button>
            ) : null}
          </>
        }
      />

      <Card>
        <CardContent className="grid gap-6">
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Fact label="Billed to" className="col-span-2 sm:col-span-1">
              {data.billedTo?.company ? <span className="block font-medium">{data.billedTo.company}</span> : null}
              <span className={data.billedTo?.company ? 'block' : 'block font-medium'}>
                {data.billedTo?.name ?? (data.user.fullName || data.user.email)}
              </span>
              {(data.billedTo?.addressLines ?? []).map((line) => (
                <span key={line} className="block text-muted-foreground">
                  {line}
                </span>
              ))}
              <span className="block text-muted-foreground">{data.billedTo?.email ?? data.user.email}</span>
            </Fact>
            <Fact label="Issued by" className="col-span-2 sm:col-span-1">
              <span className="block font-medium">{data.issuedBy?.name ?? 'Postwise'}</span>
              {(data.issuedBy?.addressLines ?? []).map((line) => (
                <span key={line} className="block text-muted-foreground">
                  {line}
                </span>
              ))}
              {data.issuedBy?.email ? <span className="block text-muted-foreground">{data.issuedBy.email}</span> : null}
            </Fact>
            <Fact label="Issued">{shortDate(data.createdAt)}</Fact>
            {data.status === 'paid' ? (
              <Fact label="Paid">
                {shortDate(data.payment?.paidAt ?? data.paidAt)}
                {data.payment ? <span className="block text-muted-foreground">{data.payment.method}</span> : null}
              </Fact>
            ) : (
              <Fact label={data.overdue ? 'Overdue since' : 'Due'}>
                <span className={data.overdue ? 'font-medium text-destructive' : undefined}>
                  {shortDate(data.dueAt)}
                </span>
              </Fact>
            )}
            {data.periodStart ? (
              <Fact label="Period" className="col-span-2 sm:col-span-1">
                {shortDate(data.periodStart)} – {shortDate(data.periodEnd)}
              </Fact>
            ) : null}
          </dl>

          {/* Phones: each line is a small card with the sum spelled out, the totals below; no sideways scroll. */}
          <div className="grid gap-3 md:hidden" data-testid="invoice-lines-phone">
            <ul className="divide-y border-y" aria-label="Invoice lines">
              {data.lines.map((line, index) => (
                <li key={index} className="flex items-start justify-between gap-4 py-3 text-sm">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="break-words">{line.description}</span>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {line.quantity} × {money(line.unitAmountCents)}
                    </span>
                  </div>
                  <span className="shrink-0 font-medium tabular-nums">{money(line.amountCents)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd className="text-right tabular-nums">{money(data.subtotalCents)}</dd>
              <dt className="font-semibold">Total ({data.currency.toUpperCase()})</dt>
              <dd className="text-right text-base font-bold tabular-nums">{money(data.totalCents)}</dd>
            </dl>
          </div>

          <div className="hidden md:block">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Invoice lines</caption>
              <thead>
                <tr className="border-b text-left text-xs tracking-wide text-muted-foreground uppercase">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Description
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Qty
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Unit
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line, index) => (
                  <tr key={index} className="border-b">
                    <td className="py-3 pr-4">{line.description}</td>
                    <td className="py-3 pr-4 text-right">{line.quantity}</td>
                    <td className="py-3 pr-4 text-right">{money(line.unitAmountCents)}</td>
                    <td className="py-3 text-right">{money(line.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3} className="pt-3 pr-4 text-right font-normal text-muted-foreground">
                    Subtotal
                  </th>
                  <td className="pt-3 text-right">{money(data.subtotalCents)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3} className="pt-1 pr-4 text-right font-semibold">
                    Total ({data.currency.toUpperCase()})
                  </th>
                  <td className="pt-1 text-right text-base font-bold">{money(data.totalCents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Payments</CardTitle>
        </CardHeader>
        <CardContent>
          {payments.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : payments.isError ? (
            <p className="text-sm text-destructive">{errorText(payments.error)}</p>
          ) : payments.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payment attempts yet.</p>
          ) : (
            <ul className="divide-y">
              {payments.data.items.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                  <div className="grid">
                    <span>
                      {shortDate(t.createdAt)} ·{' '}
                      {t.card ? `${cardBrand(t.card.brand)} •••• ${t.card.last4}` : 'No card needed'}
                    </span>
                    {t.failureMessage ? <span className="text-destructive">{t.failureMessage}</span> : null}
                  </div>
                  <span className="flex items-center gap-3">
                    <span className="font-semibold">{money(t.amountCents)}</span>
                    <StatusBadge status={t.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <EnterCardDetailsDialog open={cardDialogOpen} onOpenChange={setCardDialogOpen} onSaved={() => void payNow()} />
    </div>
  );
}

export function InvoicePage() {
  return <InvoiceDetail base="/invoices-billing" />;
}

export function MyInvoicePage() {
  return <InvoiceDetail base="/my-invoices" />;
}
