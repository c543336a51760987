import { describe, expect, it } from 'vitest';
import type { Viewer } from './access';
import { CAPABILITIES, CAPABILITY_NAMES, decide } from './capabilities';
import { ROUTES } from './routes';
import { isSidebarGroup, SIDEBAR, type SidebarItem } from './sidebar';

const viewer = (v: Partial<Viewer> & Pick<Viewer, 'role'>): Viewer => ({ accountType: null, ...v });

describe('the capability table (one source of truth for who may do what)', () => {
  it('names every capability <area>.<action>', () => {
    for (const name of CAPABILITY_NAMES) expect(name).toMatch(/^[a-z-]+\.[a-z-]+$/);
  });

  it('gives every private route with a capability exactly that audience and Configuration gate', () => {
    for (const route of ROUTES.filter((r) => r.capability)) {
      const cap = CAPABILITIES[route.capability!];
      expect(route.audience).toBe(cap.audience);
      expect(Boolean(route.configurationGate)).toBe('configurationGate' in cap);
    }
    expect(ROUTES.filter((r) => r.path.startsWith('/configuration/')).every((r) => r.configurationGate)).toBe(true);
  });

  it('gives every sidebar item its capability’s audience', () => {
    const items: SidebarItem[] = SIDEBAR.flatMap((e) => (isSidebarGroup(e) ? [...e.children] : [e]));
    for (const item of items) expect(item.audience).toBe(CAPABILITIES[item.capability].audience);
  });

  it('decides audience, Configuration lock and allow the same way for router, sidebar and API', () => {
    const lockedSub = viewer({ role: 'SUB_ADMIN', configurationUnlocked: false });
    expect(decide(lockedSub, 'configuration.stores')).toBe('configuration-locked');
    expect(decide({ ...lockedSub, configurationUnlocked: true }, 'configuration.stores')).toBe('allow');
    // The gate is the sub-admin's: the super admin never unlocks anything.
    expect(decide(viewer({ role: 'SUPER_ADMIN' }), 'configuration.stores')).toBe('allow');
    expect(decide(viewer({ role: 'USER' }), 'configuration.stores')).toBe('audience');
    expect(decide(lockedSub, 'stores.add')).toBe('allow');
    expect(decide(viewer({ role: 'SUB_ADMIN' }), 'referred-clients.read')).toBe('audience');
    expect(decide(viewer({ role: 'SUB_ADMIN', isSuperSubAdmin: true }), 'referred-clients.read')).toBe('allow');
    expect(decide(viewer({ role: 'USER', accountType: 'shipment' }), 'mail.read')).toBe('audience');
    expect(decide(viewer({ role: 'USER', accountType: 'both', currentProfile: 'mailbox' }), 'mail.read')).toBe('allow');
  });
});
