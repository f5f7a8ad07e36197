import type { Config } from '../config/env';

/** What the browser needs to connect Echo (the `realtime` shared prop): one build serves any deployment. */
export interface RealtimeClientConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/** The specification's secure realtime port: with REVERB_SCHEME=https clients connect with TLS on 443. */
export const secureRealtimePort = 443;

/**
 * Where clients reach the realtime server. Over https it is always 443 (TLS is terminated in front of
 * the realtime server, which itself listens on REVERB_PORT); over http it is REVERB_PORT itself.
 * See docs/decisions/008-broadcasting.md.
 */
export function realtimeEndpoint(config: Config): { host: string; port: number; scheme: 'http' | 'https' } {
  const { reverb } = config;
  return {
    host: reverb.host,
    port: reverb.scheme === 'https' ? secureRealtimePort : reverb.port,
    scheme: reverb.scheme,
  };
}

export function realtimeClientConfig(config: Config): RealtimeClientConfig {
  return { key: config.reverb.key, ...realtimeEndpoint(config) };
}
