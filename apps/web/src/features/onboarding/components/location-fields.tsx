import { useMemo } from 'react';
import { Controller, get, useFormContext, useWatch, type Path } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useCities, useCountries, useStates } from '../api/locations';
import type { AccountInfoValues } from '../lib/account-info-form';
import { SearchableSelect } from './searchable-select';

type Prefix = 'personal' | 'business' | 'authorizedIndividual';

/**
 * Country, state and city as cascading selects (spec 2.7, 3): states filtered by country, cities by state.
 * Changing the country clears state and city; changing the state clears the city (spec 4). State and city
 * become plain text fields when the list has nothing for the choice; the city list accepts typed text.
 */
export function LocationFields({ prefix, idPrefix }: { prefix: Prefix; idPrefix: string }) {
  const { control, setValue, formState } = useFormContext<AccountInfoValues>();
  const name = (field: 'country' | 'state' | 'city') => `${prefix}.${field}` as Path<AccountInfoValues>;
  const [country, state] = useWatch({ control, name: [name('country'), name('state')] }) as [string, string];
  const errorOf = (field: 'country' | 'state' | 'city') =>
    (get(formState.errors, `${prefix}.${field}`) as { message?: string } | undefined)?.message;
  const validate = { shouldValidate: formState.isSubmitted, shouldDirty: true };

  const countries = useCountries();
  const states = useStates(!!country);
  const cities = useCities(!!state);

  const countryNames = useMemo(() => (countries.data ?? []).map((c) => c.name), [countries.data]);
  const stateNames = useMemo(
    () => (states.data ?? []).filter((s) => s.country_name === country).map((s) => s.name),
    [states.data, country],
  );
  const cityNames = useMemo(() => {
    const seen = new Set<string>();
    for (const c of cities.data ?? []) if (c.state_name === state) seen.add(c.name);
    return [...seen];
  }, [cities.data, state]);

  const stateAsText = !!country && states.isSuccess && stateNames.length === 0;
  const cityAsText = !!state && cities.isSuccess && cityNames.length === 0;

  return (
    <>
      <FormField id={`${idPrefix}-country`} label="Country" error={errorOf('country')}>
        <Controller
          control={control}
          name={name('country')}
          render={({ field }) => (
            <SearchableSelect
              id={`${idPrefix}-country`}
              noun="country"
              value={String(field.value ?? '')}
              options={countryNames}
              loading={countries.isPending}
              placeholder="Select country"
              data-testid={`${idPrefix}-country`}
              onChange={(next) => {
                if (next === field.value) return;
                field.onChange(next);
                setValue(name('state'), '', validate);
                setValue(name('city'), '', validate);
              }}
            />
          )}
        />
      </FormField>
      <FormField id={`${idPrefix}-state`} label="State" error={errorOf('state')}>
        <Controller
          control={control}
          name={name('state')}
          render={({ field }) =>
            stateAsText ? (
              <Input
                placeholder="Enter state"
                data-testid={`${idPrefix}-state`}
                value={String(field.value ?? '')}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  setValue(name('city'), '', validate);
                }}
                onBlur={field.onBlur}
              />
            ) : (
              <SearchableSelect
                id={`${idPrefix}-state`}
                noun="state"
                value={String(field.value ?? '')}
                options={stateNames}
                loading={!!country && states.isPending}
                disabled={!country}
                placeholder={country ? 'Select state' : 'Select a country first'}
                data-testid={`${idPrefix}-state`}
                onChange={(next) => {
                  if (next === field.value) return;
                  field.onChange(next);
                  setValue(name('city'), '', validate);
                }}
              />
            )
          }
        />
      </FormField>
      <FormField id={`${idPrefix}-city`} label="City" error={errorOf('city')}>
        <Controller
          control={control}
          name={name('city')}
          render={({ field }) =>
            cityAsText ? (
              <Input
                placeholder="Enter city"
                data-testid={`${idPrefix}-city`}
                value={String(field.value ?? '')}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
              />
            ) : (
              <SearchableSelect
                id={`${idPrefix}-city`}
                noun="city"
                value={String(field.value ?? '')}
                options={cityNames}
                allowCustom
                loading={!!state && cities.isPending}
                disabled={!state}
                placeholder={state ? 'Search city' : 'Select a state first'}
                data-testid={`${idPrefix}-city`}
                onChange={field.onChange}
              />
            )
          }
        />
      </FormField>
    </>
  );
}
