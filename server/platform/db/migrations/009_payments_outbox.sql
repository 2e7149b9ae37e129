-- Payments exactly once (server/services/idempotency.ts): when a claim was taken, and by which
-- attempt, so that a claim left pending by a crash is seen as such and taken over by one retry,
-- which asks the processor whether it charged.
ALTER TABLE payments ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE payments ADD COLUMN attempt text;

-- The sandbox processor's own books (server/services/sandbox-processor.ts): a charge per
-- idempotency key, kept across restarts as a real processor keeps them.
CREATE TABLE sandbox_charges (
  idempotency_key text PRIMARY KEY,
  charge_id text NOT NULL UNIQUE,
  token text NOT NULL,
  amount_cents integer NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Mail is sent from the outbox and retried with backoff until the SMTP server takes it
-- (server/services/mailer.ts). A row without next_attempt_at is not to be sent (written
-- without SMTP_URL, or before this migration).
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE outbox ADD COLUMN last_error text;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL;
