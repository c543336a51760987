import type { ScanEvent } from '@postwise/shared/tracking';
import type { Db } from '../db/client';
import { type NewShipmentRow } from '../modules/shipping/schema/shipments';
import type { SeedOptions } from './index';
interface DemoShipment {
    values: Omit<NewShipmentRow, 'userId'>;
    /** Raw carrier events as the carrier would send them (with fields the public page must not show). */
    events: (now: Date) => ScanEvent[];
}
/** Demo shipments to track (README "Demo shipments to track"); phone numbers use the fictional 555-01xx block. */
export declare const DEMO_SHIPMENTS: readonly DemoShipment[];
/** Demo shipments with their carrier events, upserted by tracking number (uniqueId). */
export declare function seedShipments(db: Db, { overwrite }: SeedOptions): Promise<void>;
export {};
