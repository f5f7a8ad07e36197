import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { secretsOf } from '../../../server/channels/pipeline';
import { Encrypter } from '../../../server/support/encryption';

describe('secretsOf', () => {
  it('decrypts a channel’s secrets once while their ciphertext stays the same', () => {
    const encrypter = new Encrypter(randomBytes(32));
    const decrypt = vi.spyOn(encrypter, 'decrypt');
    const channel = { secrets: encrypter.encrypt(JSON.stringify({ botToken: '1:abc', webhookSecret: 'w' })) };

    expect(secretsOf({ encrypter }, channel)).toEqual({ botToken: '1:abc', webhookSecret: 'w' });
    const mine = secretsOf({ encrypter }, channel);
    // A caller's copy is its own: rotating a secret in it changes nothing for the next one.
    mine.webhookSecret = 'rotated';
    expect(secretsOf({ encrypter }, channel)).toEqual({ botToken: '1:abc', webhookSecret: 'w' });
    expect(decrypt).toHaveBeenCalledTimes(1);

    const rotated = { secrets: encrypter.encrypt(JSON.stringify({ botToken: '1:abc', webhookSecret: 'rotated' })) };
    expect(secretsOf({ encrypter }, rotated).webhookSecret).toBe('rotated');
    expect(decrypt).toHaveBeenCalledTimes(2);
  });

  it('keeps one key’s secrets from another key, and answers none for what does not decrypt', () => {
    const first = new Encrypter(randomBytes(32));
    const second = new Encrypter(randomBytes(32));
    const channel = { secrets: first.encrypt(JSON.stringify({ accessToken: 'token' })) };
    expect(secretsOf({ encrypter: first }, channel)).toEqual({ accessToken: 'token' });
    expect(secretsOf({ encrypter: second }, channel)).toEqual({});
    expect(secretsOf({ encrypter: first }, { secrets: 'not a ciphertext' })).toEqual({});
  });
});
