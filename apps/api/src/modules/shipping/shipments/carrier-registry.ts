import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type CarrierConfigRow, carrierConfigs } from '../schema/shipping';
import { openSecret } from '../../../lib/secret-box';
import type { CarrierAdapter } from '../../../integrations/carriers/carrier-adapter';
import { EasyPostCarrierAdapter } from '../../../integrations/carriers/easypost-carrier';
import { SandboxCarrierAdapter } from '../../../integrations/carriers/sandbox-carrier';
import type { ProviderRecordStore } from '../../../integrations/payments/payment-provider';

export const CARRIER_PROVIDERS = ['sandbox', 'easypost'] as const;
export type CarrierProvider = (typeof CARRIER_PROVIDERS)[number];

export interface EnabledCarrier {
  adapter: CarrierAdapter;
  /** `carrier|service` pairs the admin turned off. */
  disabledServices: ReadonlySet<string>;
}

export interface CarrierRegistryOptions {
  now: () => Date;
  credentialsKey: Buffer | undefined;
  easypostBaseUrl: string | undefined;
  /** Where the sandbox carrier records the labels it sold (durable across restarts). */
  store?: ProviderRecordStore;
}

/**
 * Builds the carrier adapters from the carrier configuration rows (configuration/carrier). The sandbox is on
 * unless the admin turned it off; EasyPost is on when enabled with a key. Existing shipments keep using the
 * adapter that sold them (void, tracking) even when it is later disabled.
 */
export class CarrierRegistry {
  readonly sandbox: SandboxCarrierAdapter;
  private easypost: { sealed: string; adapter: EasyPostCarrierAdapter } | undefined;

  constructor(private readonly options: CarrierRegistryOptions) {
    this.sandbox = new SandboxCarrierAdapter(options.now, options.store);
  }

  private easypostFor(row: CarrierConfigRow | undefined): EasyPostCarrierAdapter | null {
    if (!row?.credentialsSealed || !this.options.credentialsKey) return null;
    if (this.easypost?.sealed !== row.credentialsSealed) {
      const apiKey = openSecret(this.options.credentialsKey, row.credentialsSealed);
      this.easypost = {
        sealed: row.credentialsSealed,
        adapter: new EasyPostCarrierAdapter(apiKey, this.options.now, { baseUrl: this.options.easypostBaseUrl }),
      };
    }
    return this.easypost.adapter;
  }

  /** An adapter by provider, enabled or not, or null when it cannot be built (EasyPost without a key). */
  async byProvider(db: Db, provider: string): Promise<CarrierAdapter | null> {
    if (provider === 'sandbox') return this.sandbox;
    if (provider !== 'easypost') return null;
    const [row] = await db.select().from(carrierConfigs).where(eq(carrierConfigs.provider, provider));
    return this.easypostFor(row);
  }

  async enabled(db: Db): Promise<EnabledCarrier[]> {
    const rows = await db.select().from(carrierConfigs);
    const byProvider = new Map(rows.map((r) => [r.provider, r]));
    const out: EnabledCarrier[] = [];
    const sandbox = byProvider.get('sandbox');
    if (!sandbox || sandbox.enabled) {
      out.push({ adapter: this.sandbox, disabledServices: new Set(sandbox?.disabledServices ?? []) });
    }
    const ep = byProvider.get('easypost');
    const adapter = ep?.enabled ? this.easypostFor(ep) : null;
    if (ep && adapter) out.push({ adapter, disabledServices: new Set(ep.disabledServices) });
    return out;
  }
}
