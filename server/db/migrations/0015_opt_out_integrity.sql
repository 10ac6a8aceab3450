ALTER TABLE "deliveries" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "opt_out_hashes" ADD COLUMN "reason" text DEFAULT 'unsubscribed' NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_unsubscribed_phone_idx" ON "contacts" USING btree ("business_id","phone_number") WHERE "contacts"."status" = 'UNSUBSCRIBED';--> statement-breakpoint
CREATE INDEX "deliveries_address_hash_idx" ON "deliveries" USING btree ("address_hash") WHERE "deliveries"."address_hash" is not null;--> statement-breakpoint
CREATE INDEX "opt_out_hashes_suppressed_idx" ON "opt_out_hashes" USING btree ("business_id") WHERE "opt_out_hashes"."reason" in ('hard_bounce', 'invalid_number');--> statement-breakpoint
ALTER TABLE "opt_out_hashes" ADD CONSTRAINT "opt_out_hashes_reason_check" CHECK ("opt_out_hashes"."reason" in ('unsubscribed', 'stop', 'hard_bounce', 'complaint', 'invalid_number'));--> statement-breakpoint
-- Issue 22. An opt-out is never undone by a later write: every way an email or phone number comes
-- onto a contact (the form's create and edit, an import's inserts and updates, and any path added
-- later) passes the contacts_0_keep_opt_out trigger, now also on UPDATE OF email, phone_number.
-- And an opt-out, complaint or bounce that arrives after the contact was erased is still recorded,
-- as the address's hash: deliveries keep opt_out_hash() of their address when it is erased.
--
-- An address is opted out in a business (the contact gets UNSUBSCRIBED) when
--   * the business's suppression list has it for an opt-out: unsubscribed, stop or complaint
--     (OPT_OUT_REASONS in domain/suppressions.ts);
--   * an UNSUBSCRIBED contact of the business has it (as erasure keeps both addresses of such a contact);
--   * opt_out_hashes has its hash with an opt-out reason (an erased contact's, or a late opt-out's).
-- A hard bounce or an invalid number is no opt-out: it suppresses the address (sending skips it,
-- the owner may lift it) and leaves the status alone; an erased one's hash puts the address back
-- on the suppression list when a contact gets it again.
-- Email is compared lower-case and trimmed, a phone number as its digits; null or '' is no address.
CREATE FUNCTION address_opted_out(business integer, email text, phone text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  listed_email text := nullif(lower(trim(email)), '');
  digits text := nullif(ltrim(trim(phone), '+'), '');
BEGIN
  IF listed_email IS NULL AND digits IS NULL THEN
    RETURN false;
  END IF;
  RETURN EXISTS (SELECT 1 FROM suppressions s
                 WHERE s.business_id = business AND s.reason IN ('unsubscribed', 'stop', 'complaint')
                   AND ((s.channel = 'EMAIL' AND s.address = listed_email) OR (s.channel = 'SMS' AND s.address = digits)))
      OR EXISTS (SELECT 1 FROM contacts c
                 WHERE c.business_id = business AND c.status = 'UNSUBSCRIBED' AND lower(c.email) = listed_email)
      OR EXISTS (SELECT 1 FROM contacts c
                 WHERE c.business_id = business AND c.status = 'UNSUBSCRIBED' AND c.phone_number IN (digits, '+' || digits))
      OR EXISTS (SELECT 1 FROM opt_out_hashes o
                 WHERE o.business_id = business AND o.reason IN ('unsubscribed', 'stop', 'complaint')
                   AND o.address_hash IN (opt_out_hash(business, 'email', listed_email), opt_out_hash(business, 'phone', digits)));
END
$$;
--> statement-breakpoint
-- Keeps an erased address's hash with its reason; an opt-out replaces a hard bounce or an invalid
-- number kept before (it is the stronger: it changes the status), never the other way round.
-- Answers whether anything changed. One row at a time, so a statement may keep one hash twice.
CREATE FUNCTION keep_address_hash(business integer, hash text, why text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF hash IS NULL THEN
    RETURN false;
  END IF;
  INSERT INTO opt_out_hashes AS o (business_id, address_hash, reason) VALUES (business, hash, why)
  ON CONFLICT (business_id, address_hash) DO UPDATE SET reason = excluded.reason, created_at = now()
    WHERE o.reason NOT IN ('unsubscribed', 'stop', 'complaint') AND excluded.reason IN ('unsubscribed', 'stop', 'complaint');
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed > 0;
END
$$;
--> statement-breakpoint
-- Hashes of a hard bounce or an invalid number of these addresses (kept when an earlier contact with
-- them was erased) go back onto the suppression list as the addresses, now that a contact has them.
CREATE FUNCTION restore_suppressions(business integer, email text, phone text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  listed_email text := nullif(lower(trim(email)), '');
  digits text := nullif(ltrim(trim(phone), '+'), '');
BEGIN
  WITH addresses (channel, address, hash) AS (
    VALUES ('EMAIL', listed_email, opt_out_hash(business, 'email', listed_email)),
           ('SMS', digits, opt_out_hash(business, 'phone', digits))
  ), restored AS (
    DELETE FROM opt_out_hashes o USING addresses a
    WHERE o.business_id = business AND o.address_hash = a.hash AND o.reason NOT IN ('unsubscribed', 'stop', 'complaint')
    RETURNING a.channel, a.address, o.reason
  )
  INSERT INTO suppressions (business_id, channel, address, reason, evidence)
  SELECT business, channel, address, reason, 'Kept (as a hash) when a deleted contact had this address' FROM restored
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
-- The one guarantee every path that writes contacts relies on: a contact whose email or phone
-- number is new (inserted, or changed by an update) starts UNSUBSCRIBED when that address is opted
-- out, and a suppression kept as a hash comes back. Addresses the update leaves as they were are not
-- checked again (a contact who replied START stays subscribed). Named to run before
-- contacts_api_json (BEFORE triggers run in name order), so the kept JSON shows the status.
CREATE OR REPLACE FUNCTION contacts_keep_opt_out() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  email text := nullif(lower(trim(NEW.email)), '');
  digits text := nullif(ltrim(trim(NEW.phone_number), '+'), '');
  has_opt_outs boolean;
  has_kept_suppressions boolean;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF email IS NOT DISTINCT FROM nullif(lower(trim(OLD.email)), '') THEN email := NULL; END IF;
    IF digits IS NOT DISTINCT FROM nullif(ltrim(trim(OLD.phone_number), '+'), '') THEN digits := NULL; END IF;
  END IF;
  IF email IS NULL AND digits IS NULL THEN
    RETURN NEW;
  END IF;
  -- Most businesses have no opt-out at all, and few have a kept suppression: a probe of each index
  -- answers, without hashing (migration 0011).
  SELECT EXISTS (SELECT 1 FROM suppressions s WHERE s.business_id = NEW.business_id)
         OR EXISTS (SELECT 1 FROM contacts c WHERE c.business_id = NEW.business_id AND c.status = 'UNSUBSCRIBED')
         OR EXISTS (SELECT 1 FROM opt_out_hashes o WHERE o.business_id = NEW.business_id),
         EXISTS (SELECT 1 FROM opt_out_hashes o WHERE o.business_id = NEW.business_id AND o.reason IN ('hard_bounce', 'invalid_number'))
    INTO has_opt_outs, has_kept_suppressions;
  IF has_kept_suppressions THEN
    PERFORM restore_suppressions(NEW.business_id, email, digits);
  END IF;
  IF NEW.status = 'ACTIVE' AND has_opt_outs AND address_opted_out(NEW.business_id, email, digits) THEN
    NEW.status := 'UNSUBSCRIBED';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER contacts_0_keep_opt_out ON contacts;
--> statement-breakpoint
CREATE TRIGGER contacts_0_keep_opt_out BEFORE INSERT OR UPDATE OF email, phone_number ON contacts
  FOR EACH ROW EXECUTE FUNCTION contacts_keep_opt_out();
--> statement-breakpoint
-- An opt-out, complaint or bounce of an erased contact's delivery, known by its address's hash: kept
-- for later contacts, and applied to the business's contacts that have the address now (added again
-- after the erasure; found by hashing their addresses, once per new reason).
CREATE FUNCTION record_erased_address(business integer, hash text, why text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT keep_address_hash(business, hash, why) THEN
    RETURN;
  END IF;
  IF why IN ('unsubscribed', 'stop', 'complaint') THEN
    UPDATE contacts c SET status = 'UNSUBSCRIBED'
    WHERE c.business_id = business AND c.status = 'ACTIVE'
      AND hash IN (opt_out_hash(business, 'email', nullif(lower(trim(c.email)), '')),
                   opt_out_hash(business, 'phone', nullif(ltrim(trim(c.phone_number), '+'), '')));
  ELSE
    PERFORM restore_suppressions(business, c.email, c.phone_number) FROM contacts c
    WHERE c.business_id = business
      AND hash IN (opt_out_hash(business, 'email', nullif(lower(trim(c.email)), '')),
                   opt_out_hash(business, 'phone', nullif(ltrim(trim(c.phone_number), '+'), '')));
  END IF;
END
$$;
--> statement-breakpoint
-- Contacts that an edit or an import update gave an opted-out address before this migration (the
-- check ran on inserts only) are unsubscribed now, unless they opted in again themselves (START).
UPDATE contacts c SET status = 'UNSUBSCRIBED'
WHERE c.status = 'ACTIVE'
  AND NOT EXISTS (SELECT 1 FROM contact_events e WHERE e.contact_id = c.id AND e.kind = 'opt_in')
  AND (EXISTS (SELECT 1 FROM suppressions s
               WHERE s.business_id = c.business_id AND s.reason IN ('unsubscribed', 'stop', 'complaint')
                 AND ((s.channel = 'EMAIL' AND s.address = lower(trim(c.email))) OR (s.channel = 'SMS' AND s.address = ltrim(c.phone_number, '+'))))
       OR EXISTS (SELECT 1 FROM opt_out_hashes o
                  WHERE o.business_id = c.business_id
                    AND o.address_hash IN (opt_out_hash(c.business_id, 'email', lower(trim(c.email))),
                                           opt_out_hash(c.business_id, 'phone', ltrim(c.phone_number, '+')))));
