import { randomInt } from 'node:crypto';

/** What the `pusher` SDK accepts as a socket id (it refuses anything else with "Invalid socket id"). */
export const socketIdPattern = /^\d+\.\d+$/;

export function isValidSocketId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && socketIdPattern.test(value);
}

/** Two random integers in 1..1e9 joined by a dot, as Reverb makes them; `taken` guards collisions. */
export function generateSocketId(taken: (id: string) => boolean = () => false): string {
  for (;;) {
    const id = `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
    if (!taken(id)) return id;
  }
}
