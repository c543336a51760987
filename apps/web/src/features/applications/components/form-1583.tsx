import type { ReactNode } from 'react';
import type { ApplicationDetail } from '@postwise/shared/admin';
import type { Personal } from '@postwise/shared/api-types';
import { WITNESS_METHOD_LABELS } from '@postwise/shared/compliance';
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

/** A calendar day (YYYY-MM-DD) as the form's MM-DD-YYYY, without passing through a time zone. */
function dayAsContractDate(day: string): string {
  return `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
}

function addressLine(p: Partial<Personal> | null | undefined): string {
  if (!p) return '';
  return [p.address1, p.address2].filter(Boolean).join(', ');
}

/**
 * USPS PS Form 1583 (Application for Delivery of Mail Through Agent), filled from the application: what the
 * product holds is printed (the IDs' numbers, issuing entities and expiry, and the witness, as the agent recorded
 * them at approval); signatures in ink are left blank. Printing shows only this form.
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
  const recorded = (person: 'applicant' | 'authorized', kind: 'photo' | 'address') =>
    detail.complianceIds.find((i) => i.person === person && i.kind === kind);
  const idLine = (person: 'applicant' | 'authorized', kind: 'photo' | 'address', uploadedType?: string | null) => {
    const id = recorded(person, kind);
    if (!id) return uploadedType ?? '';
    return [
      id.idType,
      `No. ${id.idNumber}`,
      id.issuingAuthority,
      id.expiresOn ? `expires ${id.expiresOn}` : 'no expiry',
    ]
      .filter(Boolean)
      .join(' · ');
  };
  const authorizedPhoto = detail.documents.find((d) => d.kind === 'authorizedPhotoId');
  const authorizedAddress = detail.documents.find((d) => d.kind === 'authorizedAddressId');
  const witness = detail.witness;
  // A business box receives mail in the company's name (box 2); a personal one in the applicant's.
  const receivingName = a.mailboxType === 'business' && b?.name ? b.name : p.mailboxName || p.fullName;

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
        <Field n="2" label="Name in which applicant’s mail will be received" value={receivingName} />
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
        <Field
          n="7a"
          label="Identification: photo ID (type, number, issuing entity, expiry)"
          value={idLine('applicant', 'photo', photo?.idType)}
          wide
        />
        <Field
          n="7b"
          label="Identification: address ID (type, number, issuing entity, expiry)"
          value={idLine('applicant', 'address', address?.idType)}
          wide
        />
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
        {ai && (recorded('authorized', 'photo') || authorizedPhoto) ? (
          <>
            <Field
              n="13a"
              label="Authorized individual: photo ID"
              value={idLine('authorized', 'photo', authorizedPhoto?.idType)}
              wide
            />
            <Field
              n="13b"
              label="Authorized individual: address ID"
              value={idLine('authorized', 'address', authorizedAddress?.idType)}
              wide
            />
          </>
        ) : null}
        <Field
          n="14"
          label="Court-ordered protected individual"
          value={a.isCourtProtected ? 'Yes — court order attached' : 'No'}
        />
        <Field n="15" label="Signature of applicant (typed at application)" value={a.signature} />
        <Field
          n="16"
          label="Agent who witnessed the original IDs: name, method, date"
          value={
            witness
              ? `${witness.agentName} · ${WITNESS_METHOD_LABELS[witness.method]} · ${dayAsContractDate(witness.witnessedOn)}`
              : ''
          }
          wide
        />
        <Field n="16a" label="Signature of agent / notary (in ink)" wide />
      </section>
      <p className="text-[11px] leading-snug text-slate-600">
        The applicant presented two forms of identification, one with a photograph, and the agent verified them.
        Warning: the furnishing of false or misleading information on this form may result in criminal sanctions.
      </p>
    </article>
  );
}
