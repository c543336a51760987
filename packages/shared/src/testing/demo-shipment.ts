/**
 * The domestic shipment the API tests, the crash test and the list benchmark quote and buy: from the Los Angeles
 * demo shipper to an Austin receiver, one box. Test data only; no screen imports it.
 */
export const DEMO_SENDER = {
  name: 'Sofia Ramirez',
  line1: '1855 Industrial St',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90021',
  country: 'US',
};
/** The same shipper as a customer enters it in full (company and suite): the SCAN form and quick-quote tests. */
export const LOS_ANGELES_SHIPPER = {
  ...DEMO_SENDER,
  companyName: 'Harbor & Pine Ceramics',
  line2: 'Unit 108',
};
export const DEMO_RECEIVER = {
  name: 'Marcus Bell',
  line1: '2207 E Cesar Chavez St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78702',
  country: 'US',
};
export const DEMO_BOX = {
  packageType: 'Box',
  dimension: { unit: 'in', length: 10, width: 8, height: 4 },
  weight: 6.4,
  weightUnits: 'lb',
};
