import { useId } from 'react';
import type { ApplicationDetail } from '@postwise/shared/admin';
import {
  type ComplianceIdInput,
  type ComplianceIdKind,
  type CompliancePerson,
  WITNESS_METHODS,
  WITNESS_METHOD_LABELS,
  type WitnessInput,
  type WitnessMethod,
} from '@postwise/shared/compliance';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

export interface IdRow {
  person: CompliancePerson;
  personName: string;
  kind: ComplianceIdKind;
  idType: string;
  idNumber: string;
  issuingAuthority: string;
  expiresOn: string;
}

const DOCUMENT_KIND: Record<CompliancePerson, Record<ComplianceIdKind, string>> = {
  applicant: { photo: 'photoId', address: 'addressId' },
  authorized: { photo: 'authorizedPhotoId', address: 'authorizedAddressId' },
};

/** The rows to fill: each person's photo and address ID, from what was recorded before or the uploaded IDs' types. */
export function initialIdRows(detail: ApplicationDetail): IdRow[] {
  const a = detail.applicant;
  const ai = a.authorizedIndividual;
  const aiName = ai ? ai.fullName || [ai.firstName, ai.middleName, ai.lastName].filter(Boolean).join(' ') : '';
  const people: [CompliancePerson, string][] = [['applicant', a.personal.fullName || a.email]];
  if (aiName) people.push(['authorized', aiName]);
  return people.flatMap(([person, personName]) =>
    (['photo', 'address'] as const).map((kind) => {
      const saved = detail.complianceIds.find((i) => i.person === person && i.kind === kind);
      const doc = detail.documents.find((d) => d.kind === DOCUMENT_KIND[person][kind]);
      return {
        person,
        personName,
        kind,
        idType: saved?.idType ?? doc?.idType ?? '',
        idNumber: saved?.idNumber ?? '',
        issuingAuthority: saved?.issuingAuthority ?? '',
        expiresOn: saved?.expiresOn ?? '',
      };
    }),
  );
}

/** What the approval sends: the rows whose ID number the agent wrote down. */
export function idsToSend(rows: IdRow[]): ComplianceIdInput[] {
  return rows
    .filter((r) => r.idNumber.trim())
    .map((r) => ({
      person: r.person,
      kind: r.kind,
      idType: r.idType,
      idNumber: r.idNumber,
      issuingAuthority: r.issuingAuthority,
      expiresOn: r.expiresOn || null,
    }));
}

function IdFields({ row, onChange }: { row: IdRow; onChange: (row: IdRow) => void }) {
  const base = useId();
  const field = (key: 'idType' | 'idNumber' | 'issuingAuthority' | 'expiresOn', label: string, type = 'text') => (
    <div className="grid gap-1">
      <Label htmlFor={`${base}-${key}`} className="text-xs">
        {label}
      </Label>
      <Input
        id={`${base}-${key}`}
        type={type}
        value={row[key]}
        onChange={(e) => onChange({ ...row, [key]: e.target.value })}
        data-testid={`approve-${row.person}-${row.kind}-${key}`}
      />
    </div>
  );
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        {row.personName} · {row.kind === 'photo' ? 'Photo ID' : 'Address ID'}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {field('idType', 'ID type')}
        {field('idNumber', 'ID number')}
        {field('issuingAuthority', 'Issuing authority')}
        {field('expiresOn', 'Expiry date', 'date')}
      </div>
    </fieldset>
  );
}

/**
 * What the agent checked on the original IDs (USPS Form 1583 boxes 7 and 13) and how: in person or on a live
 * video call, and when. An ID left without a number is not recorded.
 */
export function ApprovalIds({
  rows,
  onRows,
  witness,
  onWitness,
}: {
  rows: IdRow[];
  onRows: (rows: IdRow[]) => void;
  witness: WitnessInput;
  onWitness: (witness: WitnessInput) => void;
}) {
  const methodId = useId();
  const dateId = useId();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Record each original ID you checked; they print on Form 1583 and go into the CRD export.
      </p>
      {rows.map((row, i) => (
        <IdFields
          key={`${row.person}-${row.kind}`}
          row={row}
          onChange={(next) => onRows(rows.map((r, j) => (j === i ? next : r)))}
        />
      ))}
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={methodId}>IDs checked</Label>
          <Select value={witness.method} onValueChange={(v) => onWitness({ ...witness, method: v as WitnessMethod })}>
            <SelectTrigger id={methodId} data-testid="approve-witness-method">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {WITNESS_METHODS.map((m) => (
                <SelectItem key={m} value={m}>
                  {WITNESS_METHOD_LABELS[m]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={dateId}>Date checked</Label>
          <Input
            id={dateId}
            type="date"
            value={witness.witnessedOn}
            onChange={(e) => onWitness({ ...witness, witnessedOn: e.target.value })}
            data-testid="approve-witness-date"
          />
        </div>
      </div>
    </div>
  );
}
