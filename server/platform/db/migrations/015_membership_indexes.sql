-- A member's latest membership (members.subscription: the dashboard, and every renewal, which
-- reads the price from it) and their receipts are found by the member, not by scanning every
-- membership and receipt: with 10,000 memberships renewing on one day, the scan made each renewal
-- slower than the one before (bench/renewals.ts).
CREATE INDEX subscriptions_member ON subscriptions (member_id, id);
CREATE INDEX receipts_member ON receipts (member_id);
CREATE INDEX dependents_member ON dependents (member_id)
