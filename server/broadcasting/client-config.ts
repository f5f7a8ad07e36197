import type { Config } from '../config/env';

/** What the browser needs to connect Echo (the `realtime` shared prop): one build serves any deployment. */
export interface RealtimeClientConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/**
 * Where clients reach the realtime server: REVERB_HOST, REVERB_PORT and REVERB_SCHEME, the public
 * address (Laravel's meaning). REVERB_PORT defaults to 443 over https (the specification's secure
 * port; TLS is terminated in front of the server, which listens on REVERB_SERVER_PORT) and to 8080
 * over http. See docs/decisions/008-broadcasting.md.
 */
export function realtimeEndpoint(config: Config): { host: string; port: number; scheme: 'http' | 'https' } {
  const { host, port, scheme } = config.reverb;
  return { host, port, scheme };
}

export function realtimeClientConfig(config: Config): RealtimeClientConfig {
  return { key: config.reverb.key, ...realtimeEndpoint(config) };
}
