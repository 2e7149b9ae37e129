-- Grievances carry what a California dental plan's grievance form carries: the patient when not
-- the member, the office and date of service, how the filer wants it resolved, whether it is
-- urgent (H&S 1368.01(b)), an authorised representative, and up to three attached files.
ALTER TABLE grievances ADD COLUMN patient_name text;
ALTER TABLE grievances ADD COLUMN office_id integer REFERENCES offices(id);
ALTER TABLE grievances ADD COLUMN date_of_service date;
-- Rows filed before the form asked for it read as ''; new rows must say it.
ALTER TABLE grievances ADD COLUMN desired_resolution text NOT NULL DEFAULT '';
ALTER TABLE grievances ALTER COLUMN desired_resolution DROP DEFAULT;
ALTER TABLE grievances ADD COLUMN urgent boolean NOT NULL DEFAULT false;
ALTER TABLE grievances ADD COLUMN representative_name text;
ALTER TABLE grievances ADD COLUMN representative_relationship text;
ALTER TABLE grievances ADD COLUMN representative_phone text;
ALTER TABLE grievances ADD COLUMN representative_authorized boolean;
-- A representative files only with the member's written authorisation (CCR tit. 28 1300.68).
ALTER TABLE grievances ADD CONSTRAINT grievances_representative_authorized
  CHECK (representative_name IS NULL OR (representative_relationship IS NOT NULL AND representative_authorized));

CREATE TABLE grievance_attachments (
  id serial PRIMARY KEY,
  grievance_id integer NOT NULL REFERENCES grievances(id) ON DELETE CASCADE,
  name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size integer NOT NULL CHECK (size > 0),
  -- Hex SHA-256 of data, so a copy handed on can be shown to be the file received.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  data bytea NOT NULL,
  CHECK (size = octet_length(data))
);
CREATE INDEX grievance_attachments_grievance ON grievance_attachments (grievance_id);
