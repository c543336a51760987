import type { ReactNode } from 'react';
import type { ApplicationDetail } from '@postwise/shared/admin';
import type { Personal } from '@postwise/shared/api-types';
import { formatContractDate } from './labels';
import { formatPhone } from '../../../lib/format';

function Field({ n, label, value, wide = false }: { n: string; label: string; value?: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <div className="flex gap-1 text-[11px] leading-tight text-slate-600">
        <span className="font-bold">{n}.</span>
        <span>{label}</span>
      </div>
      <div className="min-h-7 border-b border-slate-400 pt-1 text-sm font-medium text-slate-900">
        {value || '\u00a0'}
      </div>
    </div>
  );
}

function addressLine(p: Partial<Personal> | null | undefined): string {
  if (!p) return '';
  return [p.address1, p.address2].filter(Boolean).join(', ');
}

/**
 * USPS PS Form 1583 (Application for Delivery of Mail Through Agent), filled from the application: what the
 * product holds is printed, what it does not hold (ID numbers, issuing entities, signatures in ink) is left
 * blank to complete by hand. Printing shows only this form.
 */
export function Form1583({ detail }: { detail: ApplicationDetail }) {
  const a = detail.applicant;
  const p = a.personal;
  const b = a.business;
  const ai = a.authorizedIndividual;
  const mailbox = detail.mailbox;
  const store = detail.stores.find((s) => s.id === mailbox?.storeId) ?? detail.stores[0];
  const photo = detail.documents.find((d) => d.kind === 'photoId');
  const address = detail.documents.find((d) => d.kind === 'addressId');

  return (
    <article
      id="form-1583"
      aria-label="USPS Form 1583"
      className="mx-auto grid max-w-3xl gap-5 rounded-card border bg-white p-6 text-slate-900 shadow-xs sm:p-8"
    >
      {/* Print only the form: everything else on the page is hidden while printing. */}
      <style>{`@media print { body * { visibility: hidden !important; } #form-1583, #form-1583 * { visibility: visible !important; } #form-1583 { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; } }`}</style>
      <header className="flex flex-wrap items-end justify-between gap-2 border-b-2 border-slate-900 pb-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">United States Postal Service</p>
          <h2 className="text-xl font-bold">Application for Delivery of Mail Through Agent</h2>
        </div>
        <p className="text-sm font-bold">PS Form 1583</p>
      </header>
      <section className="grid grid-cols-2 gap-x-6 gap-y-4">
        <Field n="1" label="Date" value={formatContractDate(detail.signedAt ?? detail.submittedAt)} />
        <Field n="2" label="Name in which applicant’s mail will be received" value={p.mailboxName || p.fullName} />
        <Field
          n="3a"
          label="Address to be used for delivery (include PMB or #)"
          value={mailbox ? mailbox.address : store ? `${store.address} — ${store.nextPmb} (assigned on approval)` : ''}
          wide
        />
        <Field n="4" label="Delivery address service (agent / CMRA)" value={store?.name} />
        <Field n="5" label="Name of applicant" value={p.fullName} />
        <Field n="6" label="Applicant’s home address" value={addressLine(p)} wide />
        <Field n="6a" label="City, state, ZIP" value={[p.city, p.state, p.zip].filter(Boolean).join(', ')} />
        <Field n="6b" label="Telephone" value={p.phone && formatPhone(p.phone)} />
        <Field n="7a" label="Identification: photo ID (type)" value={photo?.idType} />
        <Field n="7b" label="Identification: address ID (type)" value={address?.idType} />
        <Field n="7c" label="ID numbers and issuing entities (write in)" wide />
      </section>
      {b ? (
        <section className="grid grid-cols-2 gap-x-6 gap-y-4">
          <h3 className="col-span-2 text-sm font-bold uppercase">If the applicant is a firm or corporation</h3>
          <Field n="8" label="Name of firm or corporation" value={b.name} />
          <Field n="10" label="Type of business" value={b.type} />
          <Field
            n="9"
            label="Business address"
            value={[b.address1, b.address2, b.city, b.state, b.zip].filter(Boolean).join(', ')}
            wide
          />
          <Field n="9a" label="Business telephone" value={b.phone && formatPhone(b.phone)} />
          <Field n="12" label="County and state where registered" value={b.registrationPlace} />
        </section>
      ) : null}
      <section className="grid grid-cols-2 gap-x-6 gap-y-4">
        <Field
          n="13"
          label="Names of other persons receiving mail at this address (authorized individual)"
          value={ai?.fullName || [ai?.firstName, ai?.middleName, ai?.lastName].filter(Boolean).join(' ')}
          wide
        />
        <Field
          n="14"
          label="Court-ordered protected individual"
          value={a.isCourtProtected ? 'Yes — court order attached' : 'No'}
        />
        <Field n="15" label="Signature of applicant (typed at application)" value={a.signature} />
        <Field n="16" label="Signature of agent / notary (in ink)" wide />
      </section>
      <p className="text-[11px] leading-snug text-slate-600">
        The applicant presented two forms of identification, one with a photograph, and the agent verified them.
        Warning: the furnishing of false or misleading information on this form may result in criminal sanctions.
      </p>
    </article>
  );
}
