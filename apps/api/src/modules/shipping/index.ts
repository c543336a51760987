export { addressesRoutes } from './addresses/routes';
export { getDefaultAddress } from './addresses/service';
export { packagePresetsRoutes } from './package-presets/routes';
export { pickupsRoutes } from './pickups/routes';
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
