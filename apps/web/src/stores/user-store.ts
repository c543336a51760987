import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_NAMES } from '@postwise/shared/constants';
import type { User } from '@postwise/shared/api-types';
import { resetAllListStores } from './create-list-store';
import { usePolicyAndTermsStore } from './policy-and-terms-store';
import { useProfileStore } from './profile-store';
import { useRegisterStore } from './register-store';
import { useSubscriptionStore } from './subscription-store';

/** Session of spec 3. */
export interface Session {
  accessToken: string;
}

/** One entry of the impersonation stack: the account to return to. */
export interface StackedAccount {
  user: User;
  session: Session;
}

export interface UserState {
  session: Session | null;
  user: User | null;
  authenticated: boolean;
  accountStack: StackedAccount[];
  /** The password-protected Configuration tab has been unlocked (spec 2.3, 2.4). */
  configurationUnlocked: boolean;
}

interface UserActions {
  /** Stores session, user and authenticated, and clears the account stack (spec 4). */
  login: (result: { accessToken: string; user: User }) => void;
  /** Clears everything and resets every list store and the other persisted stores (spec 4). */
  logout: () => void;
  setUser: (user: User | ((current: User) => User)) => void;
  /** Pushes the current account onto the stack and switches to another one (impersonation, spec 4). */
  accessAccount: (target: { accessToken: string; user: User }) => void;
  /** Pops the stack and restores the previous account (spec 4). Returns the account left, if any. */
  revert: () => User | null;
  setConfigurationUnlocked: (unlocked: boolean) => void;
}

export type UserStore = UserState & UserActions;

const initial: UserState = {
  session: null,
  user: null,
  authenticated: false,
  accountStack: [],
  configurationUnlocked: false,
};

/** State that belongs to one account and must not leak into another one. */
function resetAccountScopedStores(): void {
  resetAllListStores();
  useProfileStore.getState().reset();
  useSubscriptionStore.getState().reset();
}

export const useUserStore = create<UserStore>()(
  persist(
    (set, get) => ({
      ...initial,
      login: ({ accessToken, user }) => {
        resetAccountScopedStores();
        set({ session: { accessToken }, user, authenticated: true, accountStack: [], configurationUnlocked: false });
      },
      logout: () => {
        resetAccountScopedStores();
        useRegisterStore.getState().reset();
        usePolicyAndTermsStore.getState().reset();
        set(initial);
      },
      setUser: (user) =>
        set((s) => {
          if (typeof user !== 'function') return { user };
          return s.user ? { user: user(s.user) } : s;
        }),
      accessAccount: ({ accessToken, user }) => {
        const { user: current, session } = get();
        if (!current || !session) return;
        resetAccountScopedStores();
        set((s) => ({
          accountStack: [...s.accountStack, { user: current, session }],
          user,
          session: { accessToken },
          authenticated: true,
          configurationUnlocked: false,
        }));
      },
      revert: () => {
        const { accountStack, user: left } = get();
        const previous = accountStack.at(-1);
        if (!previous) return null;
        resetAccountScopedStores();
        set({
          accountStack: accountStack.slice(0, -1),
          user: previous.user,
          session: previous.session,
          authenticated: true,
          configurationUnlocked: false,
        });
        return left;
      },
      setConfigurationUnlocked: (configurationUnlocked) => set({ configurationUnlocked }),
    }),
    {
      name: STORAGE_NAMES.user,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ session, user, authenticated, accountStack, configurationUnlocked }) => ({
        session,
        user,
        authenticated,
        accountStack,
        configurationUnlocked,
      }),
    },
  ),
);

export function selectIsAuthenticated(s: UserState): boolean {
  return s.authenticated && s.session !== null && s.user !== null;
}

export function selectAccessToken(s: UserState): string | null {
  return s.session?.accessToken ?? null;
}

/**
 * Where Exit of the impersonation bar leads (spec 4): Customers when the account left is a USER; Referred
 * Clients when it is a SUB_ADMIN and exactly one SUB_ADMIN is in the stack; otherwise Sub Admins.
 */
export function impersonationExitPath(left: User, stack: readonly StackedAccount[]): string {
  if (left.role.code === 'USER') return '/customers';
  const subAdminsInStack = stack.filter((a) => a.user.role.code === 'SUB_ADMIN').length;
  if (left.role.code === 'SUB_ADMIN' && subAdminsInStack === 1) return '/referred-clients';
  return '/sub-admins';
}
