import type { InvoiceBusiness } from '@postwise/shared/billing';
import type { Db } from '../../../db/client';

/** The store an invoice's issuer trades from, as the mailbox area knows it. */
export interface IssuerStore {
  name: string;
  addressLines: string[];
  phone: string | null;
  /** The platform's own store: the invoice is issued in the company's name. */
  isPlatform: boolean;
}

export type IssuerStoreLookup = (db: Db, issuerUserId: string | null) => Promise<IssuerStore | null>;

/**
 * Who issues an invoice, as a business: the platform's company (its name, its store's address, the support e-mail),
 * or, for a reseller's customers, the reseller's store. Never a staff member's name or e-mail. Stores belong to the
 * mailbox area above billing, which hands its lookup in at start (`useStores`).
 */
export class IssuerDirectory {
  private lookup: IssuerStoreLookup | null = null;

  constructor(private readonly company: { name: string; supportEmail: string }) {}

  useStores(lookup: IssuerStoreLookup): void {
    this.lookup = lookup;
  }

  async businessOf(db: Db, issuerUserId: string | null): Promise<InvoiceBusiness> {
    const store = this.lookup ? await this.lookup(db, issuerUserId) : null;
    return {
      name: !store || store.isPlatform ? this.company.name : store.name,
      addressLines: store?.addressLines ?? [],
      email: this.company.supportEmail,
      phone: store?.phone ?? null,
    };
  }
}
