/**
 * Lua scripts that keep the shared channel state atomic in Redis.
 *
 * Keys (P = prefix):
 *   P:channels:{app}              hash channel → connections subscribed (every process)
 *   P:presence:{app}:{channel}    hash user id → connections of that user on the channel
 *   P:members:{app}:{channel}     hash user id → member JSON ({user_id, user_info}) as first joined
 *   P:node:{node}                 hash of what one process added, so that its share can be taken back
 *                                 when it dies: "c\n{app}\n{channel}" and "p\n{app}\n{channel}\n{user}" → count
 *   P:cache:{app}:{channel}       last event of a cache channel (with a TTL)
 *   P:connections:{app}           set of the socket ids of the app's connections (every process): its
 *                                 size is the exact count the per-app connection limit is checked against
 *   P:node-connections:{node}     set of "{app}\n{socket id}" one process added there, taken back when it dies
 *   P:nodes                       sorted set node → last heartbeat (ms); P:nodeinfo hash node → JSON stats
 *
 * The reaper script touches keys it derives from the node hash (fine on a single Redis server,
 * which is what scaling here targets; Redis Cluster would need hash tags).
 */

/**
 * Counts a new connection unless the app is full. KEYS: app connections, node connections. ARGV:
 * socket id, node member ("{app}\n{socket id}"), max (-1: no limit). Returns the connections held
 * with this one, -1 when full, -2 when the socket id is already counted (another process drew it).
 */
export const addConnectionScript = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return -2 end
local held = redis.call('SCARD', KEYS[1])
local max = tonumber(ARGV[3])
if max >= 0 and held >= max then return -1 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[2], ARGV[2])
return held + 1
`;

/** KEYS: channels, node. ARGV: channel, node field, delta. */
export const subscribeScript = `
local count = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[3])
if count <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
local own = redis.call('HINCRBY', KEYS[2], ARGV[2], ARGV[3])
if own <= 0 then redis.call('HDEL', KEYS[2], ARGV[2]) end
return count
`;

/**
 * KEYS: channels, node, presence, members. ARGV: channel, node channel field, user id, member JSON,
 * node presence field, max members. Returns {-1} when full, else {connections of the user, members…}.
 */
export const joinScript = `
if redis.call('HEXISTS', KEYS[3], ARGV[3]) == 0 and redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[6]) then
  return {-1}
end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
redis.call('HINCRBY', KEYS[2], ARGV[5], 1)
local n = redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
if n == 1 then redis.call('HSET', KEYS[4], ARGV[3], ARGV[4]) end
local result = {n}
local members = redis.call('HVALS', KEYS[4])
for i = 1, #members do result[i + 1] = members[i] end
return result
`;

/**
 * KEYS: channels, node, presence, members. ARGV: channel, node channel field, user id, node presence
 * field. Returns the member JSON when that was the user's last connection, else false.
 */
export const leaveScript = `
local count = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if count <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
local own = redis.call('HINCRBY', KEYS[2], ARGV[2], -1)
if own <= 0 then redis.call('HDEL', KEYS[2], ARGV[2]) end
own = redis.call('HINCRBY', KEYS[2], ARGV[4], -1)
if own <= 0 then redis.call('HDEL', KEYS[2], ARGV[4]) end
local n = redis.call('HINCRBY', KEYS[3], ARGV[3], -1)
if n > 0 then return false end
redis.call('HDEL', KEYS[3], ARGV[3])
local member = redis.call('HGET', KEYS[4], ARGV[3])
redis.call('HDEL', KEYS[4], ARGV[3])
return member or false
`;

/**
 * Takes a (dead or stopping) process's share back out of the shared state: its subscriptions,
 * presence memberships and counted connections. KEYS: node hash, nodes, nodeinfo, node connections.
 * ARGV: prefix, node id. Returns {app, channel, member JSON, …} for every user whose last
 * connection that was. Idempotent: the node's keys are deleted in the same step.
 */
export const reapScript = `
local function split(value)
  local parts = {}
  for part in string.gmatch(value .. '\\n', '([^\\n]*)\\n') do parts[#parts + 1] = part end
  return parts
end
local prefix = ARGV[1]
local fields = redis.call('HGETALL', KEYS[1])
local removed = {}
for i = 1, #fields, 2 do
  local parts = split(fields[i])
  local count = tonumber(fields[i + 1])
  if parts[1] == 'c' then
    local key = prefix .. ':channels:' .. parts[2]
    if redis.call('HINCRBY', key, parts[3], -count) <= 0 then redis.call('HDEL', key, parts[3]) end
  elseif parts[1] == 'p' then
    local presence = prefix .. ':presence:' .. parts[2] .. ':' .. parts[3]
    local members = prefix .. ':members:' .. parts[2] .. ':' .. parts[3]
    if redis.call('HINCRBY', presence, parts[4], -count) <= 0 then
      redis.call('HDEL', presence, parts[4])
      local member = redis.call('HGET', members, parts[4])
      redis.call('HDEL', members, parts[4])
      if member then
        removed[#removed + 1] = parts[2]
        removed[#removed + 1] = parts[3]
        removed[#removed + 1] = member
      end
    end
  end
end
local held = redis.call('SMEMBERS', KEYS[4])
for i = 1, #held do
  local parts = split(held[i])
  redis.call('SREM', prefix .. ':connections:' .. parts[1], parts[2])
end
redis.call('DEL', KEYS[4])
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('HDEL', KEYS[3], ARGV[2])
return removed
`;
