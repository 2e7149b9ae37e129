-- Staff administration (issue 29, docs/adr/0026): an administrator invites staff, changes their
-- roles and deactivates them; the audit trail is read and exported by id.

-- A deactivated account signs in nowhere and has no session (server/services/staff-members.ts);
-- its roles stay, so reactivating gives them back.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
-- The last staff sign-in with both factors, shown in the staff list.
ALTER TABLE users ADD COLUMN last_staff_sign_in_at timestamptz;
UPDATE users SET last_staff_sign_in_at = (
  SELECT max(e.at) FROM audit_events e
   WHERE e.actor_id = users.id AND e.action IN ('staff.sign_in', 'staff.recovery_code_used', 'staff.enrolled')
);

-- An invitation: a single-use link to set the password, kept as the hash of its token (as
-- password_resets keeps a reset link's), expiring.
CREATE TABLE staff_invitations (
  token_hash text PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invited_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_invitations_user ON staff_invitations (user_id);

-- The audit trail is read a page at a time and exported by id within a tenant.
CREATE INDEX audit_events_tenant_id ON audit_events (group_key, id);
