/** The Los Angeles shipper the shipping tests send from (company, suite and ZIP as a customer enters them). */
export const LOS_ANGELES_SHIPPER = {
  name: 'Sofia Ramirez',
  companyName: 'Harbor & Pine Ceramics',
  line1: '1855 Industrial St',
  line2: 'Unit 108',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90021',
  country: 'US',
};
