-- Content-Security-Policy violations browsers report (server/services/csp-reports.ts): the second
-- wall against script from content says here what it stopped, or what of the site's own it blocked.
CREATE TABLE csp_reports (
  id bigserial PRIMARY KEY,
  group_key text NOT NULL,
  document_url text NOT NULL,
  blocked_url text NOT NULL,
  directive text NOT NULL,
  source_file text,
  line integer,
  col integer,
  sample text,
  disposition text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX csp_reports_recent ON csp_reports (group_key, received_at);
