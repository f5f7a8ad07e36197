import { describe, expect, it } from 'vitest';
import { channelHealth } from '../../../server/presenters/channel-presenter';

/** The health badge and its sentence: what the channel pages and the dashboard show beside it. */
const base = {
  status: 'active' as 'active' | 'paused',
  lastInboundAt: null,
  lastOutboundAt: null,
  lastErrorAt: null,
  lastError: null,
  credentialCheck: null,
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('channelHealth', () => {
  it('waits for a first message, then is healthy in words (the page shows the times itself)', () => {
    expect(channelHealth(base)).toEqual({ health: 'waiting', detail: 'No message received yet.' });
    const healthy = channelHealth({ ...base, lastInboundAt: minutesAgo(5), lastOutboundAt: minutesAgo(4) });
    expect(healthy.health).toBe('healthy');
    expect(healthy.detail).toBe('Messages are arriving, and nothing has failed since the last one.');
    expect(healthy.detail).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('shows an error that came after the last good message, and not one before it', () => {
    const failed = { ...base, lastInboundAt: minutesAgo(10), lastErrorAt: minutesAgo(2), lastError: 'Unauthorized' };
    expect(channelHealth(failed)).toEqual({ health: 'error', detail: 'Unauthorized' });
    expect(channelHealth({ ...failed, lastOutboundAt: minutesAgo(1) }).health).toBe('healthy');
  });

  it('puts a refused credential check and a pause first', () => {
    const refused = {
      ...base,
      lastInboundAt: minutesAgo(1),
      credentialCheck: { ok: false, detail: 'The token was revoked.', at: new Date().toISOString() },
    };
    expect(channelHealth(refused)).toEqual({ health: 'error', detail: 'The token was revoked.' });
    expect(channelHealth({ ...refused, status: 'paused' }).health).toBe('paused');
  });
});
