-- The staff console's grievance work (issue 29, docs/adr/0026): each action on a grievance, who
-- took it and when. The written acknowledgement and resolution the member reads stay in
-- grievance_responses (013); internal notes are here only, never shown to the member.
CREATE TABLE grievance_events (
  id bigserial PRIMARY KEY,
  grievance_id integer NOT NULL REFERENCES grievances(id) ON DELETE CASCADE,
  group_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('acknowledged', 'note', 'resolved', 'closed', 'reopened')),
  text text NOT NULL DEFAULT ''
);
CREATE INDEX grievance_events_grievance ON grievance_events (grievance_id, at);
-- The inbox lists a tenant's grievances by status, nearest deadline first.
CREATE INDEX grievances_inbox ON grievances (group_key, status, resolve_by);
