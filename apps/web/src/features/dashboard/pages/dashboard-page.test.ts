import { describe, expect, it } from 'vitest';
import { dashboardGreeting } from './dashboard-page';

describe('dashboard greeting', () => {
  it('says "Welcome", never "Welcome back", so a first sign-in is greeted right', () => {
    expect(dashboardGreeting('Ada')).toBe('Welcome, Ada');
    expect(dashboardGreeting('Ada')).not.toMatch(/back/);
  });
});
