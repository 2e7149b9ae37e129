-- What the site says is what it does (issue 40, schemas/membership-policy.ts).

-- The renewal price the member was last told: when, and how (joined, notice, price_change,
-- member_change, renewal). A renewal never charges more than a price told in time; until a higher
-- price's notice has run its lead, the price told before it holds.
ALTER TABLE subscriptions ADD COLUMN renewal_told_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN renewal_told_by text;
ALTER TABLE subscriptions ADD COLUMN prior_renewal_cents integer;
-- The first renewal the told price applies to (NULL: the next one), worked out when it is told.
ALTER TABLE subscriptions ADD COLUMN renewal_applies_from timestamptz;
UPDATE subscriptions SET renewal_told_at = period_started_at, renewal_told_by = 'renewal' WHERE renewal_cents IS NOT NULL;

-- When the renewal notice went out (notice_sent_for is the renewal it was for), and the earliest
-- moment an annual renewal may be charged after it: a notice sent late (a catch-up after downtime)
-- moves the charge to 15 days after it, while cover continues.
ALTER TABLE subscriptions ADD COLUMN notice_sent_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN charge_not_before timestamptz;
UPDATE subscriptions SET notice_sent_at = notice_sent_for - interval '30 days' WHERE notice_sent_for IS NOT NULL;

-- The one-time enrollment fee paid when joining: refunded within the refund window, never pro rata.
ALTER TABLE subscriptions ADD COLUMN enrollment_fee_cents integer NOT NULL DEFAULT 0;

-- A plan's price changes, scheduled by an administrator with the date they take effect; the sweep
-- writes each into the plan on that day. Cancellable before then.
CREATE TABLE plan_price_changes (
  id serial PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  plan_id integer NOT NULL REFERENCES plans(id),
  period text NOT NULL CHECK (period IN ('month', 'year')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  previous_cents integer NOT NULL,
  effective_on date NOT NULL,
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  created_by integer REFERENCES users(id),
  applied_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX plan_price_changes_pending ON plan_price_changes (effective_at) WHERE applied_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX plan_price_changes_plan ON plan_price_changes (group_key, plan_id);
