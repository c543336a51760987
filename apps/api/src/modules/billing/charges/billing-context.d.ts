import type { FastifyInstance } from 'fastify';
import type { LedgerContext } from '../ledger/purposes';
/** What billing operations need: the ledger's context (database, provider, clock, purposes), mail and links. */
export type BillingContext = LedgerContext;
export declare function billingContext(app: FastifyInstance): BillingContext;
