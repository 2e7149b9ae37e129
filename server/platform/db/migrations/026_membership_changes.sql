-- A change a member makes mid-term (another plan, a dependent added, moved or removed) is charged,
-- or refunded, for the paid days left (issue 40; server/services/household-changes.ts). Each one's
-- payment is kept with the paid time it was priced for, so that a cancellation that ends cover
-- before then gives back the days of it not used (schemas/membership-policy.ts cancellationOutcome).
CREATE TABLE membership_changes (
  id serial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  -- Charged (above 0) or refunded (below 0) for the days from `at` to `paid_through`.
  amount_cents integer NOT NULL,
  receipt_id integer REFERENCES receipts(id) ON DELETE SET NULL,
  paid_through timestamptz NOT NULL,
  days integer NOT NULL
);
CREATE INDEX membership_changes_subscription ON membership_changes (subscription_id);
