-- What a renewal charges, known before it is charged: the coupon the membership was bought with
-- (it applies to renewals while it is still valid), and the renewal price the member was last told
-- or charged, so that a different price is noticed by mail before the renewal charges it.
ALTER TABLE subscriptions ADD COLUMN coupon_code text;
ALTER TABLE subscriptions ADD COLUMN renewal_cents integer;
