import { type ProtocolMap } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { useHttpClient } from '@/lib/http-context';
import { storedMode } from '@/lib/mode';
import { useLoginStatus } from '@/lib/target-entity';
import { useLogout } from '@/lib/use-logout';
import { AGREEMENTS_DUE_KEY, createAgreementsApi } from '../agreements-api';
import { ConsentDialog } from './consent-dialog';

/**
 * docs/rules/agreements.md: a signed-in person who has not accepted the current terms and their entity's
 * statement (a new version, a move to another entity, the Roma channel's own terms) is asked to before
 * anything else, trading included. The layouts load it after the page (its own chunk): nothing shows for
 * a visitor, and a failed check shows nothing either (the next page asks again).
 */
export default function AgreementsGate() {
  const client = useHttpClient();
  const queries = useQueryClient();
  const logout = useLogout();
  const api = useMemo(() => createAgreementsApi(client), [client]);
  const status = useLoginStatus();
  const signedIn = status.data?.isLogin === true;
  const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
  const due = useQuery({
    queryKey: [...AGREEMENTS_DUE_KEY, isRoma],
    queryFn: () => api.due(isRoma),
    enabled: signedIn,
    staleTime: 5 * 60 * 1000,
  });
  if (!signedIn || !due.data || due.data.allAccepted) return null;
  return (
    <ConsentDialog
      agreements={due.data.agreements}
      onAccept={async (protocolMap: ProtocolMap) => {
        await api.accept(protocolMap);
        await queries.invalidateQueries({ queryKey: AGREEMENTS_DUE_KEY });
      }}
      onSignOut={() => logout(storedMode())}
    />
  );
}
