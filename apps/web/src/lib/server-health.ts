import { CALL_ROUTES } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from './http-context';

/**
 * The server's health (status, database, version, and the sandbox tools the install offers), as
 * ONE silent query: the sandbox page shows it, the start page links to that page when there are
 * tools. A failure is the asking page's to show.
 */
export function useServerHealth() {
  const client = useHttpClient();
  return useQuery({ queryKey: ['health'], queryFn: () => client.call(CALL_ROUTES.health, undefined, { silent: true }) });
}
