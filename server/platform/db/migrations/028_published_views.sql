-- What one feature publishes for the others to read. Each table is written and read by its owner's
-- store only (tests/table-owners.test.ts); a feature that needs another's rows in a join reads
-- the owner's view, which names the columns it may rely on. The views hold no data (the planner
-- reads through them) and are never written.

-- Accounts (platform/auth): who a member or staff person is, without their password (only
-- whether one is set: an invited staff person has none yet).
CREATE VIEW people AS
  SELECT id, group_key, email, role, first_name, last_name, phone, address_line, city, state, zip,
         date_of_birth, email_verified, created_at, deactivated_at, last_staff_sign_in_at,
         password_hash <> '' AS has_password
    FROM users;

-- Plans (features/plans): each plan's terms as listed today (scheduled price changes laid over them
-- by the plans feature's `planAtSql`).
CREATE VIEW plan_catalog AS
  SELECT id, group_key, name, description, monthly_price_cents, annual_price_cents, enrollment_fee_cents,
         max_dependents, fee_schedule
    FROM plans;

-- Directory (features/directory): where an office is and how to reach it.
CREATE VIEW office_directory AS
  SELECT id, group_key, name, address_line, city, state, zip, phone
    FROM offices;

-- Members (features/members): the memberships that renew on their own, by plan and cycle, which a
-- price change reaches.
CREATE VIEW renewing_memberships AS
  SELECT group_key, plan_id, billing_cycle
    FROM subscriptions
   WHERE auto_renew AND status IN ('active', 'renewing', 'past_due');
