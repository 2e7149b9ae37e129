/**
 * A member's activity tells the server at most this often (`keepAlive` of engine/use-idle.ts). The
 * server ends a session idle for the short limit plus this (server/bootstrap.ts): never before the
 * browser signs out, and not an hour later for a tab that was closed. A module of its own: the idle
 * clock loads only for a signed-in member, the server and every page's start read the number.
 */
export const SESSION_KEEP_ALIVE_MS = 60_000
