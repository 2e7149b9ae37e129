-- Member services' work on directory reports and contact messages (issue 29, docs/adr/0026).
--
-- A directory report is open until staff close it as verified (the inaccuracy was real, and the
-- record is corrected) or not confirmed (the directory was right); §1367.27(e) gives 30 business
-- days. The statuses of 004, never set by any code, map onto these.
ALTER TABLE directory_reports DROP CONSTRAINT directory_reports_status_check;
UPDATE directory_reports SET status = CASE status WHEN 'corrected' THEN 'verified' WHEN 'unchanged' THEN 'not-confirmed' ELSE 'open' END;
ALTER TABLE directory_reports ALTER COLUMN status SET DEFAULT 'open';
ALTER TABLE directory_reports ADD CONSTRAINT directory_reports_status_check CHECK (status IN ('open', 'verified', 'not-confirmed'));
ALTER TABLE directory_reports ADD COLUMN closed_at timestamptz;
-- The list answers a tenant's reports by status, nearest due date first.
CREATE INDEX directory_reports_inbox ON directory_reports (group_key, status, correct_by);

-- What staff did on a report: a correction (its fields before and after), or its closing note.
CREATE TABLE directory_report_events (
  id bigserial PRIMARY KEY,
  report_id integer NOT NULL REFERENCES directory_reports(id) ON DELETE CASCADE,
  group_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('corrected', 'verified', 'not-confirmed')),
  text text NOT NULL,
  before jsonb NOT NULL DEFAULT '{}',
  after jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX directory_report_events_report ON directory_report_events (report_id, at);

-- The console's replies to a contact message, each mailed to its sender: the message's thread.
CREATE TABLE contact_message_replies (
  id bigserial PRIMARY KEY,
  message_id integer NOT NULL REFERENCES contact_messages(id) ON DELETE CASCADE,
  group_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES users(id),
  body text NOT NULL
);
CREATE INDEX contact_message_replies_message ON contact_message_replies (message_id, at);
CREATE INDEX contact_messages_tenant ON contact_messages (group_key, created_at);
