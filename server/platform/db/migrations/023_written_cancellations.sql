-- A cancellation the member asked for in writing (a letter, a form, an email), recorded by member
-- services with the date it was made (issue 40, server/services/staff-put-right.ts). The policy's
-- refund window runs from that date, not from the day it was typed in: the cancellation is worked
-- out as of `requested_on` (its first moment in the membership's time zone).
CREATE TABLE written_cancellations (
  id serial PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  member_id integer NOT NULL REFERENCES users(id),
  subscription_id integer NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  requested_on date NOT NULL,
  recorded_at timestamptz NOT NULL,
  recorded_by integer REFERENCES users(id),
  -- What the policy gave as of that date: cancelled now (with `refund_cents` back), or at the period's end.
  outcome text NOT NULL CHECK (outcome IN ('now', 'at_period_end')),
  ends_at timestamptz NOT NULL,
  refund_cents integer NOT NULL DEFAULT 0
);
CREATE INDEX written_cancellations_member ON written_cancellations (group_key, member_id);
