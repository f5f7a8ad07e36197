import { maxEventNameLength } from './channels';

/**
 * Pusher error and close codes (protocol 7) and what pusher-js 8 does with each close code:
 * 4000–4099 and ≥ 4300 → stays disconnected; 4100–4199 → reconnects after a back-off;
 * 4200–4299 → reconnects at once; 1000–3999 → reconnects after about a second.
 * A `pusher:error` frame on an established connection closes nothing.
 */
export const ErrorCode = {
  ApplicationDoesNotExist: 4001,
  OverConnectionQuota: 4004,
  PathNotFound: 4005,
  InvalidVersionFormat: 4006,
  UnsupportedProtocolVersion: 4007,
  Unauthorized: 4009,
  OverCapacity: 4100,
  GenericReconnect: 4200,
  PongNotReceived: 4201,
  ClientEventRejected: 4301,
} as const;

/** WebSocket close codes used besides the Pusher ones. */
export const CloseCode = {
  /** Set by `ws` itself when a message exceeds maxPayload (pusher-js reconnects after ~1 s). */
  MessageTooBig: 1009,
} as const;

export const ErrorMessage = {
  applicationDoesNotExist: 'Application does not exist',
  overQuota: 'Application is over connection quota',
  originNotAllowed: 'Origin not allowed',
  unsupportedProtocol: 'Unsupported protocol version (this server speaks protocol 7)',
  noProtocol: 'No protocol version supplied (this server speaks protocol 7)',
  invalidVersionFormat: 'Invalid version format',
  unauthorized: 'Connection is unauthorized',
  invalidMessage: 'Invalid message format',
  pongNotReceived: 'Pong reply not received in time',
  shuttingDown: 'Server is shutting down',
  terminated: 'Connection terminated by the server',
  bufferFull: 'Connection is too slow: send buffer full',
  overCapacity: 'Over capacity: the connection could not be counted, try again later',
  clientEventsDisabled: 'The app does not have client messaging enabled.',
  clientEventRateLimit: 'Client event rejected - rate limit exceeded',
  clientEventNotMember: 'The client is not a member of the specified channel.',
  clientEventPublicChannel: 'Client event rejected - only supported on private and presence channels',
  clientEventEncryptedChannel: 'Client event rejected - not supported on encrypted channels',
  clientEventNameTooLong: `Event name is too long. Maximum allowed size is ${maxEventNameLength}.`,
  clientEventChannel: 'Client event rejected - a channel is required',
} as const;
