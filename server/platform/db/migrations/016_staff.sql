-- The plan's staff (issue 29, docs/adr/0026): roles per tenant, a second factor, and an audit
-- trail that nothing changes.

-- A person may hold several roles: member services (support), administrator (admin: manages
-- staff) and content manager (content). A staff account that is no content manager has the site
-- role 'staff': it is neither a member nor an editor at the site's own sign-in.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('member', 'editor', 'staff'));
CREATE TABLE staff_roles (
  group_key text NOT NULL REFERENCES tenants(group_key),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('support', 'admin', 'content')),
  PRIMARY KEY (group_key, user_id, role)
);
CREATE INDEX staff_roles_user ON staff_roles (user_id);
-- Today's content managers are staff with the role content (users.role stays: the playground reads it).
INSERT INTO staff_roles (group_key, user_id, role) SELECT group_key, id, 'content' FROM users WHERE role = 'editor';

-- The TOTP secret (RFC 6238), encrypted with a key derived from the app secret; the last time
-- step a code was accepted for, so that a code is never accepted twice.
CREATE TABLE staff_mfa (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_encrypted text NOT NULL,
  -- NULL while enrolment waits for its first code.
  enrolled_at timestamptz,
  last_used_step bigint
);
-- Ten per account, each a scrypt hash, spent once.
CREATE TABLE staff_recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_recovery_codes_user ON staff_recovery_codes (user_id);

-- A session whose password is checked and whose second factor is not: it can do nothing but
-- the second step (server/api/context.ts).
ALTER TABLE sessions ADD COLUMN mfa_pending boolean NOT NULL DEFAULT false;

-- Every staff action and sign-in. Append-only: the trigger refuses UPDATE and DELETE, whoever asks.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  group_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer,
  action text NOT NULL,
  subject text,
  reason text,
  before jsonb,
  after jsonb,
  address text
);
CREATE INDEX audit_events_tenant ON audit_events (group_key, at);
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()
