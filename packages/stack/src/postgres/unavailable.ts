/**
 * @module postgres/unavailable — tells "the database is away" (not running, restarting, crash recovery)
 * from a failed statement, so each service can answer its retryable 503 instead of a 500.
 */

/** The driver's codes for a connection that could not be made or was lost, and the socket's own. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
]);

/**
 * SQLSTATEs of a server going or not yet back: class 08 (connection exceptions), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now ("the database system is starting up").
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.test(code));
}
