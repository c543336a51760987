import type { ScanFormEligibleDto, ScanFormEligibleGroupDto } from '@postwise/shared/schemas/scan-forms';
import { and, eq, gte, isNotNull, lt, notExists, notInArray, type SQL, asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, type Actor } from '../../identity';
import { scanFormShipments } from '../schema/scan-forms';
import { type ShipmentRow, shipments } from '../schema/shipments';
import { parcelTrackingNumbersOf, postalAddressDto } from '../shipments/shipment-records';
import { seesAllShipments, shownCustomer } from '../shipments/shipper-access';
import { addressKeyOf, dayBounds, SCAN_FORM_CARRIER } from './scan-form-records';

/** A label no longer on its way to the carrier (never bought, voided, cancelled) cannot go on a form. */
export const NOT_SHIPPABLE = ['draft', 'voided', 'cancelled'] as const;

/** A day's list is bounded: more labels than this from one account in a day are a bulk shipper's job. */
const MAX_DAY_ROWS = 5000;

export interface EligibleRow {
  shipment: ShipmentRow;
  fullName: string | null;
  email: string | null;
}

/**
 * The day's bought, not voided USPS labels that are on no SCAN form yet: the caller's own (the super admin:
 * everyone's). Read through shipments_user_carrier_created_at_idx / shipments_carrier_created_at_idx.
 */
export async function eligibleRows(db: Db, actor: Actor, date: string, extra?: SQL): Promise<EligibleRow[]> {
  const [from, to] = dayBounds(date);
  const filters: (SQL | undefined)[] = [
    eq(shipments.carrier, SCAN_FORM_CARRIER),
    gte(shipments.createdAt, from),
    lt(shipments.createdAt, to),
    notInArray(shipments.status, [...NOT_SHIPPABLE]),
    isNotNull(shipments.carrierTrackingNumber),
    notExists(db.select().from(scanFormShipments).where(eq(scanFormShipments.shipmentId, shipments.id))),
    extra,
  ];
  if (!seesAllShipments(actor)) filters.push(eq(shipments.userId, actor.userId));
  return db
    .select({ shipment: shipments, fullName: users.fullName, email: users.email })
    .from(shipments)
    .leftJoin(users, eq(users.id, shipments.userId))
    .where(and(...filters))
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
    .limit(MAX_DAY_ROWS);
}

/** GET shipments/scan-forms/eligible: the day's waiting labels, one group (one possible form) per from address. */
export async function eligibleShipments(db: Db, actor: Actor, date: string): Promise<ScanFormEligibleDto> {
  const rows = await eligibleRows(db, actor, date);
  const groups = new Map<string, ScanFormEligibleGroupDto>();
  for (const { shipment: s, fullName, email } of rows) {
    const key = addressKeyOf(s.userId, s.sender);
    let group = groups.get(key);
    if (!group) {
      group = {
        addressKey: key,
        carrier: SCAN_FORM_CARRIER,
        fromAddress: postalAddressDto(s.sender),
        packageCount: 0,
        shipments: [],
        customer: shownCustomer(actor, s.userId, fullName, email),
      };
      groups.set(key, group);
    }
    const numbers = parcelTrackingNumbersOf(s);
    group.packageCount += numbers.length;
    group.shipments.push({
      id: s.id,
      uniqueId: s.uniqueId,
      trackingNumbers: numbers,
      service: s.shipmentDetails.service || s.carrierService || '',
      receiverName: s.receiver.name,
      createdAt: s.createdAt.toISOString(),
    });
  }
  return { date, groups: [...groups.values()] };
}
