-- A grievance's status as the member sees it (schemas/grievance-deadlines.ts): received, then
-- acknowledged in writing, resolved, and closed; with when each step was taken, so the member's
-- list shows the dates beside the legal due dates (acknowledge_by, resolve_by).
ALTER TABLE grievances ADD CONSTRAINT grievances_status
  CHECK (status IN ('received', 'acknowledged', 'resolved', 'closed'));
ALTER TABLE grievances ADD COLUMN acknowledged_at timestamptz;
ALTER TABLE grievances ADD COLUMN resolved_at timestamptz;
ALTER TABLE grievances ADD COLUMN closed_at timestamptz;

-- The member's list: grievances they filed signed in, and those filed with their member number
-- (a dependent's number is theirs followed by -01, -02…), compared without case or spaces.
CREATE INDEX grievances_member ON grievances (group_key, member_id);
CREATE INDEX grievances_member_number ON grievances (group_key, (upper(replace(member_number, ' ', ''))));

-- The plan's written responses (its acknowledgement, updates, its decision), shown to the member
-- with the grievance. The staff console writes them (server/services/grievances.ts, addResponse).
CREATE TABLE grievance_responses (
  id serial PRIMARY KEY,
  grievance_id integer NOT NULL REFERENCES grievances(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('acknowledgement', 'update', 'resolution')),
  body text NOT NULL CHECK (length(body) > 0),
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX grievance_responses_grievance ON grievance_responses (grievance_id, sent_at);
