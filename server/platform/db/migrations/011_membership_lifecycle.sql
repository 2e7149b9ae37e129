-- A membership's life over time (schemas/membership-lifecycle.ts): its states, its current
-- period, its declined renewals and what happened to it, event by event.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
  CHECK (status IN ('active', 'renewing', 'past_due', 'ending', 'cancelled', 'expired'));
-- The start of the period paid for (the last payment); renews_at is its end.
ALTER TABLE subscriptions ADD COLUMN period_started_at timestamptz;
UPDATE subscriptions SET period_started_at = renews_at - CASE billing_cycle WHEN 'annual' THEN interval '1 year' ELSE interval '1 month' END;
ALTER TABLE subscriptions ALTER COLUMN period_started_at SET NOT NULL;
-- Declined charges of the current period, and when the card is tried next.
ALTER TABLE subscriptions ADD COLUMN declines integer NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN next_retry_at timestamptz;
-- When cover ends (ending) or ended (cancelled, expired).
ALTER TABLE subscriptions ADD COLUMN ends_at timestamptz;
-- The renewal date the annual notice was sent for.
ALTER TABLE subscriptions ADD COLUMN notice_sent_for timestamptz;
UPDATE subscriptions SET status = 'ending', ends_at = renews_at WHERE status = 'active' AND NOT auto_renew;
UPDATE subscriptions SET ends_at = renews_at WHERE status IN ('expired', 'cancelled');
CREATE INDEX subscriptions_due ON subscriptions (renews_at) WHERE status IN ('active', 'renewing', 'ending');
CREATE INDEX subscriptions_retry ON subscriptions (next_retry_at) WHERE status = 'past_due';

-- What moved a membership: who or what, when, from and to, and the amount charged or refunded.
CREATE TABLE membership_events (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  subscription_id integer NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  event text NOT NULL,
  from_state text,
  to_state text NOT NULL,
  amount_cents integer,
  receipt_id integer REFERENCES receipts(id) ON DELETE SET NULL,
  note text
);
CREATE INDEX membership_events_subscription ON membership_events (subscription_id, at);

-- One renewal charge per membership and period, whatever crashes or runs twice.
CREATE TABLE renewals (
  subscription_id integer NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  period_start timestamptz NOT NULL,
  receipt_id integer NOT NULL REFERENCES receipts(id),
  amount_cents integer NOT NULL,
  PRIMARY KEY (subscription_id, period_start)
);

-- The processor's charge behind a receipt (for refunds), and the refunds of each receipt.
ALTER TABLE receipts ADD COLUMN charge_id text;
-- The payment of the current period (the checkout's or the last renewal's): what cancelling refunds.
ALTER TABLE subscriptions ADD COLUMN paid_by_receipt_id integer REFERENCES receipts(id) ON DELETE SET NULL;
UPDATE subscriptions s SET paid_by_receipt_id = (SELECT max(r.id) FROM receipts r WHERE r.member_id = s.member_id AND r.paid_at >= s.period_started_at - interval '1 day');
CREATE TABLE refunds (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  receipt_id integer NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
  refund_id text NOT NULL UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX refunds_receipt ON refunds (receipt_id);

-- The sandbox processor's refunds, per idempotency key, as its charges are.
CREATE TABLE sandbox_refunds (
  idempotency_key text PRIMARY KEY,
  refund_id text NOT NULL UNIQUE,
  charge_id text NOT NULL,
  amount_cents integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)
