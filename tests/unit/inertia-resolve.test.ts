import { describe, expect, it } from 'vitest';
import { evaluate, resolveProps, type PropRequest } from '../../server/http/inertia/resolve';
import { always, optional } from '../../server/http/inertia/props';

const full: PropRequest = { partial: false, only: [], except: [], reset: [], exceptOnce: [] };
const partial = (fields: Partial<PropRequest>): PropRequest => ({ ...full, partial: true, ...fields });

const deepFrozen = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFrozen(item);
  }
  return value;
};

describe('resolving props', () => {
  it('hands plain data on as it is, without copying it', async () => {
    const feed = deepFrozen({ items: [{ id: 1, at: new Date(0) }, { id: 2 }], total: 2 });
    const { props } = await resolveProps({ feed }, full);
    expect(props.feed).toBe(feed);
  });

  it('copies only the objects and arrays along the way to what it evaluated', async () => {
    const team = deepFrozen({ id: 7, name: 'Warung' });
    const input = { team, lists: [{ id: 1 }, () => ({ id: 2 })], count: async () => 3 };
    const resolved = (await evaluate(input)) as typeof input & { lists: unknown[]; count: number };
    expect(resolved).toEqual({ team: { id: 7, name: 'Warung' }, lists: [{ id: 1 }, { id: 2 }], count: 3 });
    expect(resolved).not.toBe(input);
    expect(resolved.team).toBe(team);
    expect(resolved.lists[0]).toBe(input.lists[0]);
    // The input is left as it was.
    expect(typeof input.lists[1]).toBe('function');
    expect(typeof input.count).toBe('function');
  });

  it('keeps the order of keys and an own __proto__ key as a key', async () => {
    const input = JSON.parse('{"a":1,"__proto__":{"polluted":true},"b":2}') as Record<string, unknown>;
    input.c = () => 3;
    const resolved = (await evaluate(input)) as Record<string, unknown>;
    expect(Object.keys(resolved)).toEqual(['a', '__proto__', 'b', 'c']);
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves out a dot path named in except without touching the shared value it came from', async () => {
    const auth = deepFrozen({ user: { id: 1, name: 'Ayu', teams: [{ id: 2 }] }, can: { billing: true } });
    const { props } = await resolveProps(
      { auth, other: 1 },
      partial({ only: ['auth'], except: ['auth.user.teams', 'auth.nothing.here', 'auth.__proto__.toString'] }),
    );
    expect(props.auth).toEqual({ user: { id: 1, name: 'Ayu' }, can: { billing: true } });
    expect((props.auth as typeof auth).can).toBe(auth.can);
    expect(auth.user.teams).toEqual([{ id: 2 }]);
    expect(typeof Object.prototype.toString).toBe('function');
  });

  it('narrows to the dot paths named in only, and evaluates optional props only when asked', async () => {
    const all = { auth: { user: { id: 1, name: 'Ayu' }, can: {} }, stats: optional(() => ({ open: 4 })) };
    expect((await resolveProps(all, full)).props).toEqual({ auth: all.auth });
    const { props } = await resolveProps(all, partial({ only: ['auth.user.name', 'stats'] }));
    expect(props).toEqual({ auth: { user: { name: 'Ayu' } }, stats: { open: 4 } });
    const errors = await resolveProps({ errors: always(() => ({})) }, partial({ only: ['x'] }));
    expect(errors.props).toEqual({ errors: {} });
  });
});
