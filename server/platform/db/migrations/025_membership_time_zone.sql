-- A membership's days are the member's (issue 40): its periods are counted in the time zone of
-- the member's state when they joined (schemas/membership-policy.ts memberTimeZone), and every date
-- it shows or mails is that zone's. Memberships from before were counted in UTC and keep it, so
-- their renewal dates stay the ones they were told; so do rows written without one (the demo
-- seed's and the benches', whose dates are written in UTC).
ALTER TABLE subscriptions ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
