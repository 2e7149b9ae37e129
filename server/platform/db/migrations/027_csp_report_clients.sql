-- Which client sent each CSP report: a hash of its address (never the address, as rate_limits
-- keeps it), so that one client fills only its own share of the tenant's hourly reports and the
-- reports of everyone else still arrive.
ALTER TABLE csp_reports ADD COLUMN client_key text NOT NULL DEFAULT '';
CREATE INDEX csp_reports_client ON csp_reports (group_key, client_key, received_at);
