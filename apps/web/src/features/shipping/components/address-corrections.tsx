import { MapPinCheck } from 'lucide-react';
import type { QuoteResultDto } from '@postwise/shared/schemas/shipping-dto';
import { Button } from '../../../components/ui/button';

type Corrections = QuoteResultDto['addressCorrections'];
type Party = keyof Corrections;
type CorrectedAddress = NonNullable<Corrections[Party]>;

const PARTY_TEXT: Record<Party, string> = { sender: 'sender', receiver: 'receiver' };

function oneLine(a: CorrectedAddress): string {
  return [a.line1, a.line2, a.city, `${a.state} ${a.zipCode}`.trim(), a.country].filter(Boolean).join(', ');
}

/**
 * The carrier's spelling of an address it verified (EasyPost), for the customer to accept: accepting puts it in
 * the draft, which quotes again. The rates shown meanwhile are for the address as typed.
 */
export function AddressCorrections({
  corrections,
  onAccept,
}: {
  corrections: Corrections;
  onAccept: (party: Party, address: CorrectedAddress) => void;
}) {
  const parties = (['sender', 'receiver'] as const).filter((p) => corrections[p]);
  if (parties.length === 0) return null;
  return (
    <div className="grid gap-3">
      {parties.map((party) => {
        const corrected = corrections[party]!;
        return (
          <div
            key={party}
            role="status"
            className="grid gap-3 rounded-card border border-primary/40 bg-primary-soft p-4 sm:grid-cols-[1fr_auto] sm:items-center"
            data-testid={`address-correction-${party}`}
          >
            <div className="flex gap-3">
              <MapPinCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="grid gap-0.5">
                <p className="text-sm font-semibold">The carrier verified the {PARTY_TEXT[party]} address as</p>
                <p className="text-sm">{oneLine(corrected)}</p>
              </div>
            </div>
            <Button type="button" variant="outline" onClick={() => onAccept(party, corrected)}>
              Use this address
            </Button>
          </div>
        );
      })}
    </div>
  );
}
