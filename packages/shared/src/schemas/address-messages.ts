/** The messages of an address's lines wherever one is entered: a store, a reseller's setting, a forwarding address. */
export const ADDRESS_MESSAGES = {
  address1Required: 'Address Line 1 is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  countryRequired: 'Country is required',
  zipRequired: 'Zip Code is required',
  zipTooLong: 'Zip Code cannot be longer than 10 characters',
  phoneExact: 'Phone number must be exactly 10 digits',
} as const;
