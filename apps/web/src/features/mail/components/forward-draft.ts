import { create } from 'zustand';
import type { ForwardAddress } from '@postwise/shared/schemas/mail';

/**
 * The forward being put together across its steps (insurance → address → payment). Kept in memory only: a
 * reload starts the steps again rather than paying for a half-remembered request.
 */
export interface ForwardDraft {
  itemId: string | null;
  declaredValueCents: number;
  address: ForwardAddress | null;
  /** Other items shipped in the same parcel (consolidation), chosen by selecting several in the inbox. */
  consolidateItemIds: string[];
  /** One Idempotency-Key per payment attempt of this draft, so a retried click is charged once. */
  idempotencyKey: string | null;
  start: (itemId: string, consolidateItemIds?: string[]) => void;
  setDeclaredValue: (cents: number) => void;
  setAddress: (address: ForwardAddress) => void;
  setIdempotencyKey: (key: string | null) => void;
  reset: () => void;
}

const initial = {
  itemId: null,
  declaredValueCents: 0,
  address: null,
  consolidateItemIds: [] as string[],
  idempotencyKey: null,
};

export const useForwardDraft = create<ForwardDraft>()((set, get) => ({
  ...initial,
  start: (itemId, consolidateItemIds) => {
    if (consolidateItemIds) set({ ...initial, itemId, consolidateItemIds });
    else if (get().itemId !== itemId) set({ ...initial, itemId });
  },
  setDeclaredValue: (declaredValueCents) => set({ declaredValueCents, idempotencyKey: null }),
  setAddress: (address) => set({ address, idempotencyKey: null }),
  setIdempotencyKey: (idempotencyKey) => set({ idempotencyKey }),
  reset: () => set(initial),
}));
