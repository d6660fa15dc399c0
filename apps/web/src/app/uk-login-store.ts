/** Whether the UK login notice (code 10000041) is open: set by the HTTP client, read by the modal. */
type Listener = (open: boolean) => void;
const listeners = new Set<Listener>();

export const ukLoginNotice = {
  open: () => listeners.forEach((listener) => listener(true)),
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
