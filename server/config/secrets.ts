import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** The secrets a local run needs and how to make each one. */
const generators: Record<string, () => string> = {
  APP_KEY: () => `base64:${randomBytes(32).toString('base64')}`,
  REVERB_APP_ID: () => String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)),
  REVERB_APP_KEY: () => randomBytes(10).toString('hex'),
  REVERB_APP_SECRET: () => randomBytes(20).toString('hex'),
};

/**
 * Loads `.env` into process.env (without overriding what the environment already sets) and, outside
 * production, writes any missing local secret into `.env` so that a fresh clone starts with no set-up.
 * Production never gets a generated secret: loadConfig then fails naming what is missing.
 */
export function prepareEnvironment(envPath = '.env', env: NodeJS.ProcessEnv = process.env): string[] {
  const existing = existsSync(envPath) ? readFileSync(envPath, 'utf8') : '';
  for (const [name, value] of Object.entries(parseEnv(existing))) {
    if (env[name] === undefined) env[name] = value;
  }
  if (env.NODE_ENV === 'production') return [];

  const generated: string[] = [];
  for (const [name, make] of Object.entries(generators)) {
    if (env[name]) continue;
    const value = make();
    env[name] = value;
    generated.push(`${name}=${value}`);
  }
  if (generated.length > 0) {
    const prefix = existing === '' || existing.endsWith('\n') ? '' : '\n';
    appendFileSync(envPath, `${prefix}# Generated on first start (local secrets; never commit them)\n${generated.join('\n')}\n`);
  }
  return generated.map((line) => line.split('=')[0]);
}
