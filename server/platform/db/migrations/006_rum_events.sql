-- Real-user monitoring: the events browsers send to the sandbox collector (server/services/
-- monitoring.ts). One row per event; a vital's value, an action's or a task's duration in
-- `value`; the rest of the event in `detail`. Nothing here identifies a person: a random session
-- id, page paths without their query, and labels of controls, never what was typed.
CREATE TABLE rum_events (
  id bigserial PRIMARY KEY,
  group_key text NOT NULL,
  session_id text NOT NULL,
  replay boolean NOT NULL,
  type text NOT NULL,
  path text NOT NULL,
  name text,
  value double precision,
  detail jsonb NOT NULL DEFAULT '{}',
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rum_events_recent ON rum_events (group_key, type, received_at);
