-- The card-expiry mail and the yearly reminder to monthly members, each sent once (issue 40,
-- server/services/membership-reminders.ts); and the consent to the automatic renewal terms given
-- at checkout, apart from the Terms of Service (California's AB 2863).

-- A reminder sent: for which membership, which kind, and what it was for (the renewal date for the
-- card-expiry mail, the anniversary of joining for the yearly reminder). The key makes each once:
-- a second worker, or a run again, inserts nothing and sends nothing.
CREATE TABLE membership_reminders (
  subscription_id integer NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('card_expiry', 'annual_reminder')),
  due_for timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  -- The card the mail named (its last four digits).
  card_last4 text,
  amount_cents integer,
  PRIMARY KEY (subscription_id, kind, due_for)
);

-- The consent to the automatic renewal terms: when, and the exact text shown beside its box (filled
-- with the order's price, cycle, first renewal date and the policy's numbers).
ALTER TABLE subscriptions ADD COLUMN renewal_consent_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN renewal_consent_text text;
