import { addressSchema } from '@postwise/shared/schemas/shipping';

/** Two parsed US addresses the carrier adapters' tests rate and ship between. */
export const la = addressSchema.parse({
  name: 'A',
  line1: '1 Main',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90021',
  country: 'US',
});
export const ny = addressSchema.parse({
  name: 'B',
  line1: '2 Broad',
  city: 'New York',
  state: 'NY',
  zipCode: '10001',
  country: 'US',
});

/** A US address with its street suffix spelt out: the EasyPost fake's verification answers it abbreviated ("ST"). */
export const SEATTLE_SPELT_OUT = {
  name: 'Dana Whitfield',
  line1: '500 Pine Street',
  city: 'Seattle',
  state: 'WA',
  zipCode: '98101',
  country: 'US',
};

/** A receiver abroad (Canada), for customs declarations and international labels. */
export const TORONTO = {
  name: 'Amelia Tremblay',
  line1: '290 Bremner Blvd',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5V 3L9',
  country: 'CA',
};
