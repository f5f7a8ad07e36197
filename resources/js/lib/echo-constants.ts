/** The specification's realtime client constants (§9): reverb, ws + wss, App.Events, 120 s / 30 s / 10 s. */
export const realtimeClientConstants = {
  broadcaster: 'reverb',
  enabledTransports: ['ws', 'wss'],
  namespace: 'App.Events',
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
} as const;
