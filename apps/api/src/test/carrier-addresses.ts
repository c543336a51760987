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
