/**
 * The UK login notice (code 10000041): opened by the HTTP client, read by the modal. `ticket` is the answer's
 * ukListTicket, with which the notice may join the UK list without a session (null: none came).
 */
export interface UkLoginNoticeState {
  open: boolean;
  ticket: string | null;
}

type Listener = (state: UkLoginNoticeState) => void;
const listeners = new Set<Listener>();

export const ukLoginNotice = {
  open: (ticket: string | null = null) => listeners.forEach((listener) => listener({ open: true, ticket })),
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
