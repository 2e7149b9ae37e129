-- Rate limits of every unauthenticated sender and probe (server/services/rate-limits.ts, the
-- rate-limiter-flexible library's PostgreSQL store): one counter per limit and hashed identity,
-- `expire` the end of its window in epoch milliseconds. They replace the sign-in failures table.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
DROP TABLE login_failures;

-- Preview links: a link carries the generation it was made in; revoking every link of a tenant
-- moves its generation on (server/api/cms-routes.ts).
CREATE TABLE preview_generations (
  group_key text PRIMARY KEY,
  generation integer NOT NULL
);
