import { useSyncExternalStore } from 'react';
import { currentEcho, subscribeEcho, type KawanEcho } from '@/lib/echo-connection';

/** The tab's Echo connection (null for guests); components re-render when it comes or goes. */
export function useEcho(): KawanEcho | null {
  return useSyncExternalStore(subscribeEcho, currentEcho, () => null);
}
