import { useState } from 'react';
import { useIpcQuery } from '../ipc/use-ipc.js';

/**
 * After main reloaded a window whose page crashed or hung, one sentence says what happened (main
 * answers it once). Asked once per page load: a refetch would find it already taken.
 */
export function RecoveryNotice() {
  const notice = useIpcQuery(
    'takeRecoveryNotice',
    {},
    {
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    },
  );
  const [dismissed, setDismissed] = useState(false);
  const message = notice.data?.message;
  if (!message || dismissed) return null;
  return (
    <div className="recovery-notice" role="alert">
      <span>{message}</span>
      <button type="button" className="button button-small" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
