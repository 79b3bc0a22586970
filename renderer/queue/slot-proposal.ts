import { create } from 'zustand';
import type { QueueSlot } from '../../shared/queue/slots.js';

/*
 * Slots another screen proposes for an account ("Use as queue slots" on the
 * analytics page's best times): the slot editor opens on them and saves nothing until the user
 * confirms. Not persisted: a proposal is a moment, not data.
 */

export interface SlotProposal {
  integrationId: string;
  accountName: string;
  slots: QueueSlot[];
  /** Where it came from, in the user's words ("your best hours by engagement"). */
  reason: string;
}

interface SlotProposalState {
  proposal: SlotProposal | null;
  propose(proposal: SlotProposal): void;
  /** The slot editor takes the proposal once, so coming back later shows the saved slots. */
  take(): SlotProposal | null;
}

export const useSlotProposal = create<SlotProposalState>()((set, get) => ({
  proposal: null,
  propose: (proposal) => set({ proposal }),
  take: () => {
    const { proposal } = get();
    if (proposal) set({ proposal: null });
    return proposal;
  },
}));
