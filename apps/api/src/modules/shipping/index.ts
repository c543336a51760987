export { addressesRoutes } from './addresses/routes';
export { batchJobsPlugin } from './batches/batch-jobs-plugin';
export { shipmentBatchesRoutes } from './batches/routes';
export { findOwnAddress, getDefaultAddress } from './addresses/service';
export { packagePresetsRoutes } from './package-presets/routes';
export { pickupsRoutes } from './pickups/routes';
export { scanFormsRoutes } from './scan-forms/routes';
export { shipmentEvents, shipments } from './schema/shipments';
export type { NewShipmentRow, ShipmentAddress, ShipmentPackage } from './schema/shipments';
export {
  addresses,
  marginDiscounts,
  packagePresets,
  shipmentInvoiceLines,
  shippingAccounts,
  shippingRequests,
} from './schema/shipping';
export { carrierJobsPlugin } from './shipments/carrier-jobs-plugin';
export { carriersPlugin } from './shipments/carriers-plugin';
export { toAdjustment } from './shipments/margins';
export { addToMonthlyInvoice } from './shipments/pay-later';
export { shipmentsRoutes } from './shipments/routes';
export { startTrackingRunner } from './shipments/tracking-job';
export { shippingAnalysisRoutes } from './shipping-analysis/routes';
export { shippingConfigRoutes } from './shipping-config/routes';
export { shippingRequestsRoutes } from './shipping-requests/routes';
export { quoteContext } from './shipments/shipping-context';
export { labelDownloadSchema } from './shipments/label-download';
export type { QuoteContext } from './shipments/create-quote';
export type { CarrierRegistry } from './shipments/carrier-registry';
export {
  buyParcelLabel,
  findParcelLabel,
  parcelLabelFile,
  parcelTracking,
  rateParcel,
  recordParcelShipment,
  voidParcelLabel,
} from './shipments/parcel-labels';
export type { AcquiredParcelLabel, ParcelLabelSale, ParcelRequest, PricedRate } from './shipments/parcel-labels';
