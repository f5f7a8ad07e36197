import { useCallback, useEffect, useState } from 'react';
import { holdChannel, releaseChannel } from '@/lib/echo-connection';
import { useEcho } from './use-echo';

/** The part of pusher-js's presence channel this hook reads. */
interface PresenceSubscription {
  subscribed: boolean;
  members: { members: Record<string, unknown> };
  bind(event: string, callback: () => void): unknown;
  unbind(event: string, callback: () => void): unknown;
}

const memberEvents = ['pusher:subscription_succeeded', 'pusher:member_added', 'pusher:member_removed'];

/**
 * Joins the presence channel `presence-<name>` while mounted and returns who is on it: each
 * member's `user_info` as the channel callback gave it (Echo's here/joining/leaving, kept as one
 * list, each user once however many tabs they have open). `name` null joins nothing.
 */
export function usePresence<Member>(name: string | null): {
  members: Member[];
  whisper: (event: string, data: Record<string, unknown>) => void;
} {
  const echo = useEcho();
  const [members, setMembers] = useState<Member[]>([]);

  useEffect(() => {
    if (!echo || !name) return;
    const fullName = `presence-${name}`;
    const channel = echo.join(name);
    holdChannel(echo, fullName);
    const subscription = channel.subscription as unknown as PresenceSubscription;
    const refresh = () => setMembers(Object.values(subscription.members.members) as Member[]);
    for (const event of memberEvents) subscription.bind(event, refresh);
    if (subscription.subscribed) refresh();
    return () => {
      for (const event of memberEvents) subscription.unbind(event, refresh);
      releaseChannel(echo, fullName);
      setMembers([]);
    };
  }, [echo, name]);

  const whisper = useCallback(
    (event: string, data: Record<string, unknown>) => {
      if (echo && name) echo.join(name).whisper(event, data);
    },
    [echo, name],
  );

  return { members, whisper };
}
