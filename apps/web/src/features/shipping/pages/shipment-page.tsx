import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Ban, Copy, Download, Undo2 } from 'lucide-react';
import type { ShipmentDto, ShipmentFullDto } from '@postwise/shared/schemas/shipping-dto';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { PageHeader, PageWithHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { downloadCustomsForm, downloadLabel, useShipment, useShipmentFull, useVoidShipment } from '../api/shipping-api';
import { ShipmentStatusBadge } from '../../../components/shipping/shipment-status-badge';
import { useCreateShipmentStore } from '../stores/create-shipment-store';
import { WIZARD_STEPS } from '../components/wizard-frame';
import { EMPTY_VALUE, dateTime, money, shortDate } from '../../../lib/format';
import { DetailState, type DetailQuery } from '../../../components/ui/detail-state';
import { BackLink } from '../../../components/ui/back-link';
import { LinkButton } from '../../../components/ui/link-button';

type Address = ShipmentDto['sender'];

function AddressBlock({ title, a }: { title: string; a: Address }) {
  return (
    <div className="grid content-start gap-1 text-sm">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <p className="font-medium">{a.name}</p>
      {a.companyName ? <p>{a.companyName}</p> : null}
      <p>{a.line1}</p>
      {a.line2 ? <p>{a.line2}</p> : null}
      <p>{`${a.city}, ${a.state} ${a.zipCode}`}</p>
      <p>{a.country}</p>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function LabelButtons({ shipment, customsForm }: { shipment: ShipmentDto; customsForm?: string | null }) {
  const [busy, setBusy] = useState<'pdf' | 'zpl' | 'customs' | null>(null);
  if (shipment.status === 'voided' || shipment.status === 'cancelled' || !shipment.trackingNumber) return null;
  const download = async (format: 'pdf' | 'zpl' | 'customs') => {
    setBusy(format);
    try {
      await (format === 'customs' ? downloadCustomsForm(shipment) : downloadLabel(shipment, format));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => void download('pdf')} loading={busy === 'pdf'} data-testid="label-pdf">
        <Download aria-hidden="true" />
        Label PDF
      </Button>
      <Button variant="outline" onClick={() => void download('zpl')} loading={busy === 'zpl'}>
        <Download aria-hidden="true" />
        Label ZPL
      </Button>
      {customsForm ? (
        <Button
          variant="outline"
          onClick={() => void download('customs')}
          loading={busy === 'customs'}
          data-testid="customs-form"
        >
          <Download aria-hidden="true" />
          Customs form
        </Button>
      ) : null}
    </>
  );
}

function Summary({ shipment }: { shipment: ShipmentDto }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3">
          <span className="font-mono break-all">{shipment.trackingNumber ?? shipment.uniqueId}</span>
          <ShipmentStatusBadge status={shipment.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact label="Carrier">{shipment.carrier}</Fact>
          <Fact label="Service">{shipment.service}</Fact>
          <Fact label="Our price">{money(shipment.priceCents)}</Fact>
          <Fact label="Retail">
            <span className="line-through">{money(shipment.retailCents)}</span>
          </Fact>
          <Fact label={shipment.customer ? 'Customer saved' : 'You saved'}>
            {shipment.savingCents ? `${money(shipment.savingCents)} (${shipment.savingPercent ?? 0}%)` : EMPTY_VALUE}
          </Fact>
          {shipment.insuranceCents > 0 ? <Fact label="Insurance">{money(shipment.insuranceCents)}</Fact> : null}
          {shipment.insuredCents ? <Fact label="Insured value">{money(shipment.insuredCents)}</Fact> : null}
          <Fact label="Payment">{shipment.payLater ? 'Pay later (monthly invoice)' : 'Paid'}</Fact>
          <Fact label="Expected delivery">{shortDate(shipment.shipmentDetails.deliveryDate)}</Fact>
          <Fact label="Created">{shortDate(shipment.createdAt)}</Fact>
        </dl>
        {shipment.trackingNumbers.length > 1 ? (
          <div className="grid gap-1 border-t pt-4" data-testid="parcel-tracking-numbers">
            <h3 className="text-xs text-muted-foreground">{`${shipment.trackingNumbers.length} parcels`}</h3>
            <ol className="grid gap-1 text-sm sm:grid-cols-2">
              {shipment.trackingNumbers.map((n, i) => (
                <li key={n} className="flex gap-2">
                  <span className="text-muted-foreground">{`Parcel ${i + 1}`}</span>
                  <span className="font-mono break-all">{n}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {shipment.customer || shipment.margin ? (
          <dl className="grid grid-cols-2 gap-4 border-t pt-4 sm:grid-cols-4" data-testid="shipment-earnings">
            {shipment.customer ? (
              <Fact label="Customer">
                <span className="grid">
                  <span>{shipment.customer.fullName || shipment.customer.email}</span>
                  <span className="text-xs font-normal text-muted-foreground">{shipment.customer.email}</span>
                </span>
              </Fact>
            ) : null}
            {shipment.margin ? (
              <>
                <Fact label="Carrier cost">{money(shipment.margin.costCents)}</Fact>
                <Fact label="Markup">
                  {shipment.margin.discountCents
                    ? `${money(shipment.margin.markupCents)} (less ${money(shipment.margin.discountCents)} discount)`
                    : money(shipment.margin.markupCents)}
                </Fact>
                <Fact label="Margin">{money(shipment.margin.marginCents)}</Fact>
              </>
            ) : null}
          </dl>
        ) : null}
        {shipment.voidedAt ? (
          <p className="rounded-lg bg-muted p-3 text-sm">
            {`Label voided on ${shortDate(shipment.voidedAt)}. ${money(shipment.refundCents)} refunded ${
              shipment.refundTo === 'card' ? 'to your card' : 'as shipping credit'
            }.`}
          </p>
        ) : null}
        <div className="grid gap-6 sm:grid-cols-2">
          <AddressBlock title="From" a={shipment.sender} />
          <AddressBlock title="To" a={shipment.receiver} />
        </div>
      </CardContent>
    </Card>
  );
}

/** Until the shipment is there: skeletons, "Shipment not found", or the failure with Try again. */
function ShipmentPending({ query }: { query: DetailQuery }) {
  return <DetailState query={query} noun="shipment" back={{ to: '/shipments', label: 'Shipments' }} />;
}

/** /shipments/{id}: the partial details (summary, addresses, labels) with a link to the full view. */
export function ShipmentPartialPage() {
  const { id = '' } = useParams();
  const shipment = useShipment(id);
  if (!shipment.data) return <ShipmentPending query={shipment} />;
  const s = shipment.data;
  return (
    <PageWithHeader
      title="Shipment details"
      actions={
        <>
          <LabelButtons shipment={s} />
          <LinkButton to={`/shipments/${s.id}/full`}>Full details</LinkButton>
        </>
      }
    >
      <Summary shipment={s} />
    </PageWithHeader>
  );
}

function VoidDialog({
  shipment,
  open,
  onOpenChange,
}: {
  shipment: ShipmentFullDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const voidLabel = useVoidShipment();
  const [refundTo, setRefundTo] = useState<'credit' | 'card'>('credit');
  const confirm = async () => {
    try {
      await voidLabel.mutateAsync({ id: shipment.id, refundTo });
      showSuccess('Label voided');
      onOpenChange(false);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Void this label?</DialogTitle>
          <DialogDescription>
            {`Only an unused label can be voided. ${money(shipment.priceCents)} comes back to you.`}
          </DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-label="Refund to" className="grid gap-2">
          {(
            [
              ['credit', 'As shipping credit (used on your next label)'],
              ['card', shipment.payLater ? 'Removed from your monthly invoice' : 'Back to the card'],
            ] as const
          ).map(([value, text]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={refundTo === value}
              onClick={() => setRefundTo(value)}
              className={`rounded-card border p-3 text-left text-sm ${refundTo === value ? 'border-primary bg-primary-soft' : ''}`}
            >
              {text}
            </button>
          ))}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep the label
          </Button>
          <Button variant="destructive" loading={voidLabel.isPending} onClick={() => void confirm()}>
            Void label
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** /shipments/{id}/full: tracking timeline, packages, customs, charges, labels, void and ship again. */
export function ShipmentFullPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const shipment = useShipmentFull(id);
  const copyFrom = useCreateShipmentStore((s) => s.copyFrom);
  const startReturn = useCreateShipmentStore((s) => s.startReturn);
  const [voidOpen, setVoidOpen] = useState(false);
  if (!shipment.data) return <ShipmentPending query={shipment} />;
  const s = shipment.data;
  const shipAgain = () => {
    copyFrom(s);
    void navigate(WIZARD_STEPS[0].path);
  };
  // A return comes back from a US address (we ship from the US only), for a label that was not voided.
  const returnable =
    s.receiver.country === 'US' && !s.returnOfShipmentId && s.status !== 'voided' && s.status !== 'cancelled';
  const makeReturn = () => {
    startReturn(s);
    void navigate(WIZARD_STEPS[0].path);
  };
  return (
    <div className="grid gap-6">
      <BackLink to="/shipments">Shipments</BackLink>
      <PageHeader
        title="Shipment details"
        description={
          s.returnOfShipmentId ? (
            <span data-testid="return-of">
              {'The return label of '}
              <Link className="underline" to={`/shipments/${s.returnOfShipmentId}/full`}>
                an earlier shipment
              </Link>
            </span>
          ) : undefined
        }
        actions={
          <>
            <LabelButtons shipment={s} customsForm={s.labels.customsForm} />
            <Button variant="outline" onClick={shipAgain} data-testid="ship-again">
              <Copy aria-hidden="true" />
              Ship again
            </Button>
            {returnable ? (
              <Button variant="outline" onClick={makeReturn} data-testid="return-label">
                <Undo2 aria-hidden="true" />
                Return label
              </Button>
            ) : null}
            {s.status === 'label_created' ? (
              <Button variant="destructive" onClick={() => setVoidOpen(true)}>
                <Ban aria-hidden="true" />
                Void label
              </Button>
            ) : null}
          </>
        }
      />
      <Summary shipment={s} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Tracking</CardTitle>
          </CardHeader>
          <CardContent>
            {s.timeline.length === 0 ? (
              <p className="text-sm text-muted-foreground">No scans yet. The carrier scans the package at pickup.</p>
            ) : (
              <ol className="grid gap-4 border-l pl-4" data-testid="timeline">
                {s.timeline.map((e, i) => (
                  <li key={`${e.occurredAt ?? ''}-${i}`} className="relative grid gap-0.5">
                    <span
                      aria-hidden="true"
                      className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary"
                    />
                    <span className="text-sm font-medium">{e.description}</span>
                    <span className="text-xs text-muted-foreground">
                      {[dateTime(e.occurredAt), e.location ?? [e.city, e.country].filter(Boolean).join(', ')]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Packages</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {s.packages.map((p, i) => (
                <li key={i} className="grid gap-0.5 rounded-lg bg-muted p-3 text-sm">
                  <span className="font-medium">{`${p.numberOfPackages} × ${p.packageType}`}</span>
                  <span>{`${p.dimension.length} × ${p.dimension.width} × ${p.dimension.height} ${p.dimension.unit}, ${p.weight} ${p.weightUnits}`}</span>
                  {p.insuranceDeclared ? <span>{`Declared value ${money(p.insuranceDeclared)}`}</span> : null}
                  {p.contentDescription ? <span className="text-muted-foreground">{p.contentDescription}</span> : null}
                </li>
              ))}
            </ul>
            {s.customs.length > 0 ? (
              <div className="mt-4 grid gap-2 text-sm">
                <h3 className="font-semibold">Customs</h3>
                {s.customs.map((c, i) => (
                  <p
                    key={i}
                  >{`${c.quantity} × ${c.description} (HS ${c.hsCode}, ${c.originCountry}${c.weightOz ? `, ${c.weightOz} oz` : ''}) ${money(c.valueCents)}`}</p>
                ))}
              </div>
            ) : null}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Charges</CardTitle>
          </CardHeader>
          <CardContent>
            {s.charges.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {s.payLater ? 'Billed on your monthly invoice.' : 'No charges recorded.'}
              </p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {s.charges.map((c) => (
                  <li key={c.id} className="flex flex-wrap justify-between gap-2 border-b pb-2 last:border-b-0">
                    <span className="capitalize">{`${c.kind.replace(/_/g, ' ')} · ${c.status}`}</span>
                    <span className="text-muted-foreground">{shortDate(c.createdAt)}</span>
                    <span className="font-semibold">{money(c.amountCents)}</span>
                  </li>
                ))}
              </ul>
            )}
            {s.invoiceId ? (
              <Link
                to={`/invoices-billing/${s.invoiceId}`}
                className="mt-3 inline-block text-sm text-primary hover:underline"
              >
                See the invoice
              </Link>
            ) : null}
          </CardContent>
        </Card>
      </div>
      <VoidDialog shipment={s} open={voidOpen} onOpenChange={setVoidOpen} />
    </div>
  );
}
