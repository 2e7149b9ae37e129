-- The provider directory California asks dental plans to publish (H&S 1367.27): accessibility and
-- the staff's languages belong to the office; each provider gets type, NPI, licence number, board
-- certification, the ages seen and group affiliation; both carry when they last changed, which the
-- directory shows. Directory inaccuracy reports are filed in their own table.

ALTER TABLE offices ADD COLUMN accessibility text[] NOT NULL DEFAULT '{}';
ALTER TABLE offices ADD COLUMN staff_languages text[] NOT NULL DEFAULT '{}';
ALTER TABLE offices ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Accessibility was recorded per provider; it describes the building, so the office gets the union
-- of its providers' entries (in first-seen order, without repeats).
UPDATE offices o SET accessibility = merged.accessibility
  FROM (
    SELECT office_id, array_agg(feature ORDER BY first_seen) AS accessibility
    FROM (
      SELECT p.office_id, entry.feature, min(p.id::bigint * 1000 + entry.position) AS first_seen
      FROM providers p, unnest(p.accessibility) WITH ORDINALITY AS entry(feature, position)
      GROUP BY p.office_id, entry.feature
    ) features
    GROUP BY office_id
  ) merged
  WHERE merged.office_id = o.id;
ALTER TABLE providers DROP COLUMN accessibility;

-- Existing providers are dentists who see everyone until the directory says otherwise. NPI and
-- licence number cannot be defaulted: they stay NULL until the seed or an editor records them
-- (the public directory lists a provider once both are on file).
ALTER TABLE providers ADD COLUMN provider_type text NOT NULL DEFAULT 'Dentist';
ALTER TABLE providers ADD COLUMN npi text CHECK (npi ~ '^[0-9]{10}$');
ALTER TABLE providers ADD COLUMN license_number text CHECK (license_number <> '');
ALTER TABLE providers ADD COLUMN board_certification text;
ALTER TABLE providers ADD COLUMN patient_ages text NOT NULL DEFAULT 'all' CHECK (patient_ages IN ('adults', 'children', 'all'));
ALTER TABLE providers ADD COLUMN group_affiliation text;
ALTER TABLE providers ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX providers_office ON providers (office_id);

-- The radius search selects the box around the ZIP (latitude, then longitude, ranges) through this
-- index before it computes exact distances.
CREATE INDEX offices_location ON offices (group_key, latitude, longitude);

-- A report that the directory is wrong about a provider or an office; the plan investigates and
-- corrects within 30 business days (H&S 1367.27(e)).
CREATE TABLE directory_reports (
  id serial PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  reference text NOT NULL UNIQUE,
  provider_id integer REFERENCES providers(id),
  office_id integer REFERENCES offices(id),
  field text NOT NULL,
  details text NOT NULL,
  name text,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'investigating', 'corrected', 'unchanged')),
  created_at timestamptz NOT NULL DEFAULT now(),
  correct_by timestamptz NOT NULL,
  CHECK (provider_id IS NOT NULL OR office_id IS NOT NULL)
);
CREATE INDEX directory_reports_tenant ON directory_reports (group_key, created_at DESC);
