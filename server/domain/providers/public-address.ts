import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../support/address-guard';

/**
 * Whether a team's model server may be called: its host must resolve to public addresses only, so
 * that "Test connection" cannot probe the network Kawan runs in (cloud metadata, internal
 * services). KNOWLEDGE_ALLOW_PRIVATE_URLS=true lifts it, as for knowledge URLs (a self-hosted Kawan
 * next to its own Ollama). Undefined when allowed, else the reason.
 */
export async function privateAddressReason(baseUrl: string, allowPrivate: boolean): Promise<string | undefined> {
  if (allowPrivate) return undefined;
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return `${host} could not be resolved.`;
  }
  return addresses.some((address) => isPrivateAddress(address))
    ? `${host} is a private or local network address, which Kawan does not call.`
    : undefined;
}
